/**
 * The kit's select (spec §8, §9): the open list keeps 10 px from the viewport's edges, typeahead
 * forgets the typed prefix after 1000 ms (Radix's built-in, no prop), and an item with an empty
 * value raises the spec's error (Radix's own message words it differently, so the kit checks first).
 */
import * as RadixSelect from '@radix-ui/react-select';
import { SELECT_EMPTY_VALUE_MESSAGE, SELECT_VIEWPORT_MARGIN_PX } from '../../../core/control-center/ui-constants.ts';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link Select}. */
export interface SelectProps {
  /** Accessible name of the trigger. */
  label: string;
  /** Id of a visible label naming the trigger as well (else `label` alone names it). */
  labelledBy?: string;
  /** The chosen value; undefined shows the placeholder. */
  value: string | undefined;
  placeholder?: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  id?: string;
}

/**
 * Throws the spec's error for an empty-string value (spec §8 "Select item with empty value").
 * @throws Error 'must have a value that is not an empty string'
 */
export function assertSelectValue(option: SelectOption): void {
  if (option.value === '') throw new Error(`Select item '${option.label}' ${SELECT_EMPTY_VALUE_MESSAGE}`);
}

/** A single choice from a list, keyboard and typeahead friendly. */
export function Select({ label, labelledBy, value, placeholder, options, onValueChange, id }: SelectProps) {
  options.forEach(assertSelectValue);
  return (
    <RadixSelect.Root value={value ?? ''} onValueChange={onValueChange}>
      <RadixSelect.Trigger className="cc-select-trigger" aria-label={labelledBy ? undefined : label} aria-labelledby={labelledBy} id={id}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon aria-hidden="true">▾</RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="cc-floating cc-select-content" position="popper" sideOffset={4} collisionPadding={SELECT_VIEWPORT_MARGIN_PX}>
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="cc-menu-item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
