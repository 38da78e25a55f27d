/**
 * Between what a form's inputs hold (strings, by input name) and lead values (typed, by field
 * name). The browser and the no-JavaScript form post both go through here, so a step reads the
 * same way whichever path submitted it.
 */
import type { FormValues } from './form-buckets.ts';
import type { FunnelStep, StepField } from './types.ts';

/** A form's input values by input name, as posted or typed. */
export type StepInput = Readonly<Record<string, string | undefined>>;

/** The three inputs of a `date` field, in the order they are shown (US order). */
export const DATE_PARTS = ['Month', 'Day', 'Year'] as const;

/** One of {@link DATE_PARTS}. */
export type DatePart = (typeof DATE_PARTS)[number];

/** The input name of one part of a date field: `driver1Dob` + `Month` = `driver1DobMonth`. */
export function dateInputName(field: string, part: DatePart): string {
  return `${field}${part}`;
}

/** The input value of a `yesno` field's two options; the lead stores a boolean. */
export const YES = 'yes';
export const NO = 'no';

/**
 * The value of a select's "Other" option (StepField.other). Not a word anyone types as a make or
 * model, so a text field posting it is never mistaken for the choice.
 */
export const OTHER_CHOICE = '_other';

/** The input name of the text box a select's "Other" reveals: `vehicle1Make` + `Other`. */
export function otherInputName(field: string): string {
  return `${field}Other`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_PHONE_DIGITS = 10;

/** Ten digits (a leading country code 1 dropped) grouped `(NNN) NNN-NNNN`; anything else unchanged. */
function normalisePhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  const national = digits.length === US_PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== US_PHONE_DIGITS) return text;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

function filled(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}

/**
 * The lead value a field's inputs hold; `undefined` when left empty (absent, not invalid). Values
 * are cleaned only where the field's shape is unambiguous (digits trimmed, a phone's ten digits
 * grouped, yes/no to a boolean, date parts joined): the lead schemas still decide validity. A
 * select's "Other" answer is what was typed in its text box.
 */
export function fieldValue(field: StepField, input: StepInput): unknown {
  if (field.kind === 'date') {
    const [month, day, year] = DATE_PARTS.map((part) => input[dateInputName(field.name, part)]?.trim() ?? '');
    if (!month && !day && !year) return undefined;
    // Three parts map to three strings, and a default for each would weigh on the funnel's first-load budget.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- DATE_PARTS has three entries
    return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  }
  const text = input[field.name];
  if (field.other && (text === OTHER_CHOICE || !filled(text))) {
    // "Other", or nothing chosen while the text box was typed in (a browser that shows it always):
    // the box's value, read as the kind of input it is.
    return fieldValue({ name: otherInputName(field.name), label: field.other.textLabel, kind: field.other.kind ?? 'text' }, input);
  }
  if (!filled(text)) return undefined;
  switch (field.kind) {
    case 'yesno':
      // Anything but the two option values stays a string, which the boolean rule then refuses.
      return text === YES ? true : text === NO ? false : text;
    case 'zip':
    case 'year':
      return text.trim();
    case 'phone':
      return normalisePhone(text);
    default:
      return text;
  }
}

/** Every field of `step` with its value from `input`; absent fields are present as `undefined`. */
export function stepValues(step: FunnelStep, input: StepInput): Record<string, unknown> {
  return Object.fromEntries(step.fields.map((field) => [field.name, fieldValue(field, input)]));
}

/** The input values that show a stored lead value in a field's inputs (pre-fill). */
export function fieldInput(field: StepField, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (field.kind === 'yesno') return typeof value === 'boolean' ? { [field.name]: value ? YES : NO } : {};
  if (field.other && !field.options?.some((option) => option.value === value)) {
    // An answer not in the list was typed under "Other": show it there again.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- stored answers are strings, numbers or booleans
    return { [field.name]: OTHER_CHOICE, [otherInputName(field.name)]: String(value) };
  }
  if (field.kind === 'date') {
    const parts = typeof value === 'string' ? ISO_DATE.exec(value) : null;
    if (!parts) return {};
    return {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- ISO_DATE's groups are not optional, so a match fills them
      [dateInputName(field.name, 'Month')]: parts[2]!,
      [dateInputName(field.name, 'Day')]: String(Number(parts[3])),
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- ISO_DATE's groups are not optional, so a match fills them
      [dateInputName(field.name, 'Year')]: parts[1]!,
    };
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- stored answers are strings, numbers or booleans
  return { [field.name]: String(value) };
}

/** The input values pre-filling every field of `step` from lead `values`. */
export function stepInput(step: FunnelStep, values: FormValues): Record<string, string> {
  return Object.assign({}, ...step.fields.map((field) => fieldInput(field, values[field.name]))) as Record<string, string>;
}

/** Up to this many options, a single-choice question gets one answer button per option: one tap answers it. */
export const ONE_TAP_MAX_OPTIONS = 6;

/**
 * The question of a step answered with one tap: the step's only field, a `yesno` or a `radio`
 * with few options. Its answers are submit buttons named after the field (`name=value`), so a tap
 * submits the step, in the browser and as a plain form post alike; `undefined` for any other step
 * (several questions, or a long list), which keeps its radios and Continue button.
 */
export function oneTapField(step: FunnelStep): StepField | undefined {
  const [field] = step.fields;
  if (step.kind !== 'form' || step.fields.length !== 1 || !field) return undefined;
  if (field.kind === 'yesno') return field;
  const options = field.options?.length ?? 0;
  if (field.kind === 'radio' && options > 0 && options <= ONE_TAP_MAX_OPTIONS) return field;
  return undefined;
}

/** The input names of one field: a date has three, a select with "Other" two. */
export function fieldInputNames(field: StepField): string[] {
  if (field.kind === 'date') return DATE_PARTS.map((part) => dateInputName(field.name, part));
  return field.other ? [field.name, otherInputName(field.name)] : [field.name];
}

/** Every input name of `step` (a date field has three, a select with "Other" two). */
export function stepInputNames(step: FunnelStep): string[] {
  return step.fields.flatMap(fieldInputNames);
}

/**
 * Every field of `step` emptied, for the skip action (spec §2), with the later fields that follow
 * from its answers (FunnelStep.skipEmpties). Emptied means `undefined`: the lead schemas treat only
 * `undefined` as absent, and merging it removes the field from the buckets.
 */
export function emptiedValues(step: FunnelStep): Record<string, undefined> {
  return Object.fromEntries([...step.fields.map((field) => field.name), ...(step.skipEmpties ?? [])].map((name) => [name, undefined]));
}
