import type { ReactNode } from 'react';
import { DATE_PARTS, dateInputName, OTHER_CHOICE, otherInputName } from '../../core/funnels/field-input.ts';
import { assertOptionValue } from '../../core/funnels/options.ts';
import type { FieldOption, StepField } from '../../core/funnels/types.ts';
import { keepPhonesWhole } from './phone-text.tsx';
import type { FunnelText } from './text.ts';

/** Props of one field's inputs. */
export interface FieldInputProps {
  field: StepField;
  /** Every input value of the step, by input name. */
  input: Readonly<Record<string, string>>;
  error?: string | undefined;
  text: FunnelText;
  onChange: (inputName: string, value: string) => void;
  /**
   * Ask a choice field with one submit button per answer (`oneTapField`): a tap
   * answers and submits the step. The chosen answer, when coming back, is `aria-pressed`.
   */
  oneTap?: boolean;
  /** The step is being submitted: answer buttons are disabled, as the Continue button is. */
  busy?: boolean;
}

/** The id of an input; the error summary links to it. */
export function inputId(inputName: string): string {
  return `field-${inputName}`;
}

/**
 * The id of one option of a choice field. Option values may hold spaces ('domestic partner'),
 * which an id may not (HTML: no ASCII whitespace), so every character outside [A-Za-z0-9_-]
 * becomes '-': `field-driver1MaritalStatus-domestic-partner`.
 */
export function optionId(field: Pick<StepField, 'name'>, value: string): string {
  return inputId(`${field.name}-${value.replace(/[^A-Za-z0-9_-]+/g, '-')}`);
}

/** The id of a field's first input, where the error summary links to when the field is refused. */
export function firstInputId(field: StepField): string {
  if (field.kind === 'date') return inputId(dateInputName(field.name, DATE_PARTS[0]));
  if (field.kind === 'yesno' || field.kind === 'radio') return optionId(field, field.options?.[0]?.value ?? '');
  return inputId(field.name);
}

/** Radio answers this short or shorter can sit two to a row on a 375 px phone ('Domestic partner'). */
const SHORT_LABEL_CHARS = 16;

/** Three radio answers this short or shorter sit side by side on a 375 px phone ('Non-binary', 'No binario'). */
const THIRD_LABEL_CHARS = 10;

/** What the browser's keyboard and autofill should offer per kind of text field. */
const TEXT_INPUTS: Partial<Record<StepField['kind'], { type: string; inputMode?: 'numeric' | 'email' | 'tel'; maxLength?: number }>> = {
  zip: { type: 'text', inputMode: 'numeric', maxLength: 5 },
  year: { type: 'text', inputMode: 'numeric', maxLength: 4 },
  email: { type: 'email', inputMode: 'email' },
  phone: { type: 'tel', inputMode: 'tel' },
  text: { type: 'text' },
};

/** The options of a choice field, each checked here too: a definition not built by selectOption still fails loudly. */
function checkedOptions(field: StepField): FieldOption[] {
  const options = field.options ?? [];
  for (const option of options) assertOptionValue(option.value);
  return options;
}

function Messages({ id, hint, error, text }: { id: string; hint?: string | undefined; error?: string | undefined; text: FunnelText }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {keepPhonesWhole(hint)}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">{text.errorPrefix} </span>
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, field: StepField, error: string | undefined): string | undefined {
  return [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Group({ field, error, text, className, children }: { field: StepField; error?: string | undefined; text: FunnelText; className?: string; children: ReactNode }) {
  const id = inputId(field.name);
  return (
    <fieldset className={`field field-group${className ? ` ${className}` : ''}${error ? ' field-invalid' : ''}`} data-field={field.name}>
      <legend className="field-label">{keepPhonesWhole(field.label)}</legend>
      <Messages id={id} hint={field.hint} error={error} text={text} />
      {children}
    </fieldset>
  );
}

/**
 * One field of a step with a visible label, its hint and, when refused, its error right next to
 * it; inputs carry `aria-invalid` and `aria-describedby` (hint, error) so screen readers say both.
 */
export function FieldInput({ field, input, error, text, onChange, oneTap, busy }: FieldInputProps) {
  const id = inputId(field.name);
  const invalid = error ? true : undefined;
  const description = describedBy(id, field, error);

  if (oneTap && (field.kind === 'yesno' || field.kind === 'radio')) {
    // A group named by its legend (the question); each answer a submit button posting
    // `{field}={value}`, which the step form and the no-JavaScript post read like a radio's value.
    return (
      <Group field={field} error={error} text={text} className="field-answers">
        <div className="answers">
          {checkedOptions(field).map((option) => (
            <button
              key={option.value}
              id={optionId(field, option.value)}
              type="submit"
              className="button answer"
              name={field.name}
              value={option.value}
              aria-pressed={input[field.name] === option.value}
              aria-describedby={description}
              disabled={busy}
            >
              {option.label}
            </button>
          ))}
        </div>
      </Group>
    );
  }

  if (field.kind === 'yesno' || field.kind === 'radio') {
    // The label wraps its radio, so it needs no `for` (a redundant one is an HTML validation error).
    // A long list of short answers takes two columns, so the list and its button fit a phone screen.
    const columns = field.kind === 'radio' && field.options !== undefined && field.options.length > 4 && field.options.every((option) => option.label.length <= SHORT_LABEL_CHARS);
    // Three very short answers (a gender) share one row, so a screen of two questions keeps its button in view.
    const thirds = field.kind === 'radio' && field.options?.length === 3 && field.options.every((option) => option.label.length <= THIRD_LABEL_CHARS);
    return (
      <Group field={field} error={error} text={text}>
        <div className={`choices choices-${field.kind}${columns ? ' choices-columns' : ''}${thirds ? ' choices-thirds' : ''}`}>
          {checkedOptions(field).map((option) => (
            <label key={option.value} className="choice">
              <input
                id={optionId(field, option.value)}
                type="radio"
                name={field.name}
                value={option.value}
                checked={input[field.name] === option.value}
                onChange={() => onChange(field.name, option.value)}
                aria-invalid={invalid}
                aria-describedby={description}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </Group>
    );
  }

  if (field.kind === 'date') {
    const part = (name: (typeof DATE_PARTS)[number]) => dateInputName(field.name, name);
    // Browsers autofill a person's own birthday only; other drivers' fields say 'off'.
    const autoComplete = (suffix: string) => (field.autoComplete === 'bday' ? `bday-${suffix}` : 'off');
    const common = { 'aria-invalid': invalid, 'aria-describedby': description };
    return (
      <Group field={field} error={error} text={text}>
        <div className="date-parts">
          <div className="date-part date-part-month">
            <label htmlFor={inputId(part('Month'))}>{text.month}</label>
            <select id={inputId(part('Month'))} name={part('Month')} value={input[part('Month')] ?? ''} autoComplete={autoComplete('month')} onChange={(event) => onChange(part('Month'), event.target.value)} {...common}>
              {/* The prompt shown before a choice: not an item, so it may hold the empty value. */}
              <option value="" disabled>
                {text.month}
              </option>
              {text.months.map((month, index) => {
                const value = String(index + 1).padStart(2, '0');
                assertOptionValue(value);
                return (
                  <option key={value} value={value}>
                    {month}
                  </option>
                );
              })}
            </select>
          </div>
          <div className="date-part date-part-day">
            <label htmlFor={inputId(part('Day'))}>{text.day}</label>
            <input id={inputId(part('Day'))} name={part('Day')} type="text" inputMode="numeric" maxLength={2} value={input[part('Day')] ?? ''} autoComplete={autoComplete('day')} onChange={(event) => onChange(part('Day'), event.target.value)} {...common} />
          </div>
          <div className="date-part date-part-year">
            <label htmlFor={inputId(part('Year'))}>{text.year}</label>
            <input id={inputId(part('Year'))} name={part('Year')} type="text" inputMode="numeric" maxLength={4} value={input[part('Year')] ?? ''} autoComplete={autoComplete('year')} onChange={(event) => onChange(part('Year'), event.target.value)} {...common} />
          </div>
        </div>
      </Group>
    );
  }

  const common = field.commonFirst;
  const options =
    field.kind === 'select'
      ? checkedOptions(field).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))
      : [];
  const control =
    field.kind === 'select' ? (
      <select id={id} name={field.name} value={input[field.name] ?? ''} autoComplete={field.autoComplete ?? 'off'} onChange={(event) => onChange(field.name, event.target.value)} aria-invalid={invalid} aria-describedby={description}>
        {/* The prompt shown before a choice: not an item, so it may hold the empty value. */}
        <option value="" disabled>
          {text.choose}
        </option>
        {/* A long list's most common answers first, in a group of their own (StepField.commonFirst). */}
        {common
          ? [
              <optgroup key="common" label={common.label}>
                {options.slice(0, common.count)}
              </optgroup>,
              <optgroup key="rest" label={common.restLabel}>
                {options.slice(common.count)}
              </optgroup>,
            ]
          : options}
        {field.other ? (
          <option className="choice-other" value={OTHER_CHOICE}>
            {field.other.label}
          </option>
        ) : null}
      </select>
    ) : (
      <input
        id={id}
        name={field.name}
        {...(TEXT_INPUTS[field.kind] ?? TEXT_INPUTS.text)}
        value={input[field.name] ?? ''}
        autoComplete={field.autoComplete ?? 'off'}
        onChange={(event) => onChange(field.name, event.target.value)}
        aria-invalid={invalid}
        aria-describedby={description}
      />
    );
  return (
    <div className={`field${field.other ? ' field-with-other' : ''}${error ? ' field-invalid' : ''}`} data-field={field.name}>
      <label htmlFor={id} className="field-label">
        {keepPhonesWhole(field.label)}
      </label>
      <Messages id={id} hint={field.hint} error={error} text={text} />
      {control}
      {field.kind === 'select' && field.other ? <OtherText field={field} other={field.other} input={input} error={error} onChange={onChange} /> : null}
    </div>
  );
}

/**
 * The text box of a select's "Other" answer. Always in the page, so it posts without JavaScript;
 * the stylesheet (styles/funnel-steps.css) shows it only while "Other" is chosen, and a browser
 * without `:has()` shows it always, which its label ("Not in the list? Type the make") allows for.
 */
function OtherText({ field, other, input, error, onChange }: { field: StepField; other: NonNullable<StepField['other']>; input: FieldInputProps['input']; error?: string | undefined; onChange: FieldInputProps['onChange'] }) {
  const name = otherInputName(field.name);
  const id = inputId(name);
  // The field's error is about the typed answer only when "Other" is the choice.
  const invalid = error && input[field.name] === OTHER_CHOICE ? true : undefined;
  return (
    <div className="field-other">
      <label htmlFor={id}>{other.textLabel}</label>
      <input
        id={id}
        name={name}
        {...TEXT_INPUTS[other.kind ?? 'text']}
        value={input[name] ?? ''}
        autoComplete="off"
        onChange={(event) => onChange(name, event.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${inputId(field.name)}-error` : undefined}
      />
    </div>
  );
}
