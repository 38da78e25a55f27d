/** A choice of a select or radio field. An empty-string value is refused (spec §5). */
export interface FieldOption {
  value: string;
  label: string;
}

/** One input of a funnel step; `name` is a lead field key (src/core/leads). */
export interface StepField {
  name: string;
  label: string;
  kind: 'zip' | 'yesno' | 'select' | 'radio' | 'text' | 'email' | 'phone' | 'date' | 'year';
  options?: FieldOption[];
  hint?: string;
  autoComplete?: string;
  required?: boolean;
}

/** A named step of a funnel with optional named on-enter / on-submit actions (spec §2, §4). */
export interface FunnelStep {
  name: string;
  title: string;
  description?: string;
  fields: StepField[];
  /** Named on-enter action, e.g. 'demandCheck'. */
  onEnter?: string;
  /** Named on-submit action, e.g. 'leasePhone'; returning false keeps the visitor on the step. */
  onSubmit?: string;
  /** A result step shows the phone number / outcome instead of a form. */
  kind?: 'form' | 'call' | 'result' | 'ads';
  /** Whether the step offers a skip action (submits every value emptied). */
  skippable?: boolean;
  submitLabel?: string;
}

/** A funnel: the form name (bucket key), its version and its ordered steps. */
export interface FunnelDefinition {
  id: string;
  product: 'medicare' | 'auto';
  version: string;
  steps: FunnelStep[];
}
