/**
 * The kit's dropdown menu: modal unless asked (spec §9; test/unit/cc-kit-delays.alone.test.ts holds the
 * rendered menu to it). Its typeahead reset (1000 ms) and the pointer grace of its sub-menus
 * (300 ms, POINTER_GRACE_MS) are Radix's built-in behaviour, with no prop to set: the grace is held
 * to the constant in test/unit/cc-kit-pointer-grace.test.ts, the typeahead proven on the select.
 */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { DROPDOWN_MENU_MODAL_DEFAULT } from '../../../core/control-center/ui-constants.ts';

/** One entry of a {@link DropdownMenu}: an action, or a sub-menu of entries. */
export type MenuEntry = { label: string; onSelect: () => void } | { label: string; items: readonly MenuEntry[] };

/** Props of {@link DropdownMenu}. */
export interface DropdownMenuProps {
  trigger: ReactElement;
  items: readonly MenuEntry[];
  modal?: boolean;
}

function Entries({ items }: { items: readonly MenuEntry[] }) {
  return items.map((item) =>
    'items' in item ? (
      <RadixMenu.Sub key={item.label}>
        <RadixMenu.SubTrigger className="cc-menu-item">{item.label} ›</RadixMenu.SubTrigger>
        <RadixMenu.Portal>
          <RadixMenu.SubContent className="cc-floating cc-menu">
            <Entries items={item.items} />
          </RadixMenu.SubContent>
        </RadixMenu.Portal>
      </RadixMenu.Sub>
    ) : (
      <RadixMenu.Item key={item.label} className="cc-menu-item" onSelect={item.onSelect}>
        {item.label}
      </RadixMenu.Item>
    ),
  );
}

/** A menu of actions opened from `trigger`. */
export function DropdownMenu({ trigger, items, modal = DROPDOWN_MENU_MODAL_DEFAULT }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={modal}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="cc-floating cc-menu" sideOffset={4}>
          <Entries items={items} />
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
