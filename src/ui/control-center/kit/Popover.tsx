/** The kit's popover: not modal unless asked (spec §9 "Popover modal false by default"). */
import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';
import { POPOVER_MODAL_DEFAULT } from '../../../core/control-center/ui-constants.ts';

/** Props of {@link Popover}. */
export interface PopoverProps {
  /** The button that opens it (a single element). */
  trigger: ReactElement;
  /** Accessible name of the open panel. */
  label: string;
  modal?: boolean;
  children: ReactNode;
}

/** A panel anchored to `trigger`, opened by clicking it. */
export function Popover({ trigger, label, modal = POPOVER_MODAL_DEFAULT, children }: PopoverProps) {
  return (
    <RadixPopover.Root modal={modal}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className="cc-floating" aria-label={label} sideOffset={4}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
