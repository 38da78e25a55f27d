import type { LeadLanguage } from '../leads/localized.ts';
import type { LeadProduct } from '../leads/product.ts';

/** A choice of a select or radio field. An empty-string value is refused (spec §5, see options.ts). */
export interface FieldOption {
  value: string;
  label: string;
}

/**
 * How a field is asked. `yesno` is two large radio options (a boolean lead field); `date` is three
 * inputs (month, day, year) combined into `yyyy-MM-dd`; `phone` accepts any ten digits and is
 * normalised to `(NNN) NNN-NNNN` before validation; `select` is a native list, with an "Other"
 * text box when the field has {@link StepField.other}.
 */
export type FieldKind = 'zip' | 'yesno' | 'select' | 'radio' | 'text' | 'email' | 'phone' | 'date' | 'year';

/** One input of a funnel step; `name` is a lead field key of the funnel's product (src/core/leads). */
export interface StepField {
  name: string;
  label: string;
  kind: FieldKind;
  /** The choices of a `select`, `radio` or `yesno` field. */
  options?: FieldOption[];
  hint?: string;
  autoComplete?: string;
  /** The step cannot be continued without a value (skipping is a separate, explicit action). */
  required?: boolean;
  /** Shown instead of the lead rule's message when the value is refused (e.g. the date's three boxes). */
  errorMessage?: string;
  /** A `select` that also offers "Other": choosing it reveals a text box for an answer not in the list (field-input.ts). */
  other?: OtherChoice;
  /**
   * A `select` listing the models of the make answered in field `make`, sold in the model year
   * answered in field `year`, from the funnel's {@link FunnelDefinition.vehicleModels}. It has no
   * options of its own: resolveStep (resolve-step.ts) fills them in from the form's values.
   */
  modelsOf?: { make: string; year: string };
  /**
   * Asked only when the step's own answers meet this (the insurer once "insured: yes" is chosen):
   * shown, required and kept only then, and emptied otherwise. It reads a field asked before it
   * on the same step, so the browser reveals it on the spot; without JavaScript the post of the
   * earlier answer shows the step again with it (src/server/funnels/funnel-post.ts).
   */
  onlyIf?: StepCondition;
  /**
   * A long `select` whose first `count` options are the answers most people give (State Farm,
   * Toyota), listed apart under `label` before the rest, under `restLabel`: a native list shows
   * them first without JavaScript, and the searchable list offers them before anything is typed.
   */
  commonFirst?: { count: number; label: string; restLabel: string };
}

/** The "Other" answer of a select: the option's label, and the label and kind of the text box it reveals. */
export interface OtherChoice {
  label: string;
  textLabel: string;
  /** How the text box is typed in: a `year` gets the number keyboard (default `text`). */
  kind?: Extract<FieldKind, 'text' | 'year'>;
}

/**
 * Car models by make, as data (vehicles/makes-models.ts): each model with the first and last U.S.
 * model year it was sold, no last year while it still is. The browser fetches it from its hashed,
 * immutable address ({@link FunnelDefinition.vehicleModelsHref}), so a make's models are listed
 * without any of it in the visitor bundle or in a page payload.
 */
export type VehicleModelCatalog = Readonly<Record<string, ReadonlyArray<readonly [model: string, firstYear: number, lastYear?: number]>>>;

/**
 * A step shown only when the form's values satisfy this: `field` present (any valid value), or,
 * with `equals`, holding exactly that value. Lets "driver 3" follow only a second driver.
 */
export interface StepCondition {
  field: string;
  equals?: string | boolean;
}

/** What a step shows: a form of questions, or one of the end screens. */
export type StepKind = 'form' | 'call' | 'result' | 'ads';

/** A named step of a funnel with optional named on-enter / on-submit actions (spec §2, §4). */
export interface FunnelStep {
  /** The step's URL segment: `{base}/{name}`. */
  name: string;
  title: string;
  description?: string;
  kind: StepKind;
  fields: StepField[];
  /** Named on-enter action (see actions.ts), e.g. 'checkDemand'. */
  onEnter?: string;
  /** Named on-submit action; returning false keeps the visitor on the step. */
  onSubmit?: string;
  /** Whether the step offers a skip action (submits every value emptied). */
  skippable?: boolean;
  /** Text of the skip button, e.g. "I have no other vehicle". */
  skipLabel?: string;
  /**
   * The fields of later steps shown only because of this step's answers (a second driver's
   * questions follow a yes to "anyone else drive?"): skipping the step, or answering no to its
   * path answer (path-answers.ts), empties them with the step's own, so nothing of a driver or
   * vehicle taken back stays behind. Derived from the steps' conditions when the funnel is built.
   */
  skipEmpties?: string[];
  /** Text of the submit button. */
  submitLabel?: string;
  /** When set, the step is passed over unless the condition holds. */
  onlyIf?: StepCondition;
}

/** A funnel: its id (also the form name of its value bucket), product, language, version and ordered steps. */
export interface FunnelDefinition {
  id: string;
  product: LeadProduct;
  /** The language of every label in the definition. */
  language: LeadLanguage;
  /** The form version recorded with every step submission (spec §3 formVersion). */
  version: string;
  steps: FunnelStep[];
  /**
   * The models its `modelsOf` fields list (auto funnels only). A page payload carries the
   * address instead (step-funnel.ts), and, on a no-JavaScript visitor's model step, the answered
   * makes' models only.
   */
  vehicleModels?: VehicleModelCatalog;
  /**
   * Where the browser fetches {@link vehicleModels}: a content-hashed address the server answers
   * with a year's cache (vehicles/catalog-address.ts). Set in page payloads only.
   */
  vehicleModelsHref?: string;
}
