/** Turns step-library templates into a funnel's steps in one language. */
import type { LeadLanguage } from '../leads/localized.ts';
import { selectOption } from './options.ts';
import type { FieldTemplate, StepTemplate } from './step-library.ts';
import type { FunnelStep, StepField } from './types.ts';

function localizeField(field: FieldTemplate, language: LeadLanguage): StepField {
  const { label, options, hint, errorMessage, other, commonFirst, ...rest } = field;
  return {
    ...rest,
    label: label[language],
    ...(other ? { other: { label: other.label[language], textLabel: other.textLabel[language], ...(other.kind ? { kind: other.kind } : {}) } } : {}),
    // Built through selectOption so an empty-string option value throws here, at start-up.
    ...(options ? { options: options.map((option) => selectOption(option.value, option.label[language])) } : {}),
    ...(commonFirst ? { commonFirst: { count: commonFirst.count, label: commonFirst.label[language], restLabel: commonFirst.restLabel[language] } } : {}),
    ...(hint ? { hint: hint[language] } : {}),
    ...(errorMessage ? { errorMessage: errorMessage[language] } : {}),
  };
}

/** The step of `template` with every text in `language`. */
export function localizeStep(template: StepTemplate, language: LeadLanguage): FunnelStep {
  const { title, description, fields, skipLabel, submitLabel, ...rest } = template;
  return {
    ...rest,
    title: title[language],
    ...(description ? { description: description[language] } : {}),
    fields: fields.map((field) => localizeField(field, language)),
    ...(skipLabel ? { skipLabel: skipLabel[language] } : {}),
    ...(submitLabel ? { submitLabel: submitLabel[language] } : {}),
  };
}
