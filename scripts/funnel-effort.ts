/**
 * What walking the auto funnel costs a visitor, counted from its definition: question screens,
 * taps, keystrokes and native pickers, for one car and one driver and for two cars and two drivers
 * (the test leads' answers). Run it on another checkout to measure a change before and after.
 *
 *   npx tsx scripts/funnel-effort.ts                 # this checkout
 *   npx tsx scripts/funnel-effort.ts --root DIR      # the funnels of another checkout, e.g. of a commit:
 *       mkdir /tmp/old && git archive COMMIT | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/
 *
 * How it counts, on the JavaScript path: a screen is a question step the answers lead through;
 * a tap is an answer chosen (a radio, a yes/no, an option of a list) or a button pressed (Continue,
 * or a skip); a one-tap question's answer is its only tap; a keystroke is a character typed in a
 * text or number box (a phone's ten digits); a picker is a native list opened (a select, the month
 * of a date). A skippable step left without answers is skipped with one tap. A yes/no "another
 * vehicle?" or "anyone else drive?" (a path answer) is answered as the household's lead implies.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunnelDefinition, FunnelStep, StepCondition, StepField } from '../src/core/funnels/types.ts';
import { AUTO_LEAD_FIELDS } from '../tools/support/auto-lead.ts';

/** What a checkout's funnel modules give the walk (an older checkout may lack path answers). */
interface FunnelModules {
  funnel: FunnelDefinition;
  conditionHolds: (condition: StepCondition | undefined, values: Readonly<Record<string, unknown>>) => boolean;
  oneTapField: (step: FunnelStep) => StepField | undefined;
  resolveStep: (funnel: Pick<FunnelDefinition, 'vehicleModels'>, step: FunnelStep, values: Readonly<Record<string, unknown>>) => FunnelStep;
  impliedPathAnswers: (lead: Readonly<Record<string, unknown>>) => Record<string, boolean>;
}

async function load(root: string): Promise<FunnelModules> {
  const module = <Exports>(file: string) => import(pathToFileURL(path.join(root, 'src/core/funnels', file)).href) as Promise<Exports>;
  const [index, engine, fieldInput, resolve] = await Promise.all([
    module<{ FUNNELS: Readonly<Record<string, FunnelDefinition>> }>('index.ts'),
    module<Pick<FunnelModules, 'conditionHolds'>>('engine.ts'),
    module<Pick<FunnelModules, 'oneTapField'>>('field-input.ts'),
    module<Pick<FunnelModules, 'resolveStep'>>('resolve-step.ts'),
  ]);
  // A checkout from before path answers has none to imply.
  const paths = await module<Pick<FunnelModules, 'impliedPathAnswers'>>('path-answers.ts').catch(() => ({ impliedPathAnswers: () => ({}) }));
  const funnel = index.FUNNELS.auto;
  if (!funnel) throw new Error(`${root} has no auto funnel`);
  return { funnel, conditionHolds: engine.conditionHolds, oneTapField: fieldInput.oneTapField, resolveStep: resolve.resolveStep, impliedPathAnswers: paths.impliedPathAnswers };
}

/** What one walk cost. */
export interface Effort {
  screens: number;
  taps: number;
  keystrokes: number;
  pickers: number;
}

/** The taps, keystrokes and pickers of answering `field` with `value`. */
function fieldEffort(field: StepField, value: unknown): Omit<Effort, 'screens'> {
  switch (field.kind) {
    case 'yesno':
    case 'radio':
      return { taps: 1, keystrokes: 0, pickers: 0 };
    case 'select':
      return { taps: 1, keystrokes: 0, pickers: 1 };
    case 'date': {
      // The month from a list, the day and the 4-digit year typed.
      const [, , day] = String(value).split('-');
      return { taps: 1, keystrokes: String(Number(day)).length + 4, pickers: 1 };
    }
    case 'phone':
      return { taps: 0, keystrokes: String(value).replace(/\D/g, '').length, pickers: 0 };
    default:
      return { taps: 0, keystrokes: String(value).length, pickers: 0 };
  }
}

/**
 * Walks the auto funnel of `modules` answering with `lead` (lead field values) and counts what it
 * cost, up to and including the step that captures the lead.
 */
export function walkEffort(modules: FunnelModules, lead: Readonly<Record<string, unknown>>): Effort {
  const { funnel } = modules;
  const answers: Record<string, unknown> = { ...modules.impliedPathAnswers(lead), ...lead };
  const values: Record<string, unknown> = {};
  const effort: Effort = { screens: 0, taps: 0, keystrokes: 0, pickers: 0 };
  for (const defined of funnel.steps) {
    if (defined.kind !== 'form' || !modules.conditionHolds(defined.onlyIf, values)) continue;
    effort.screens += 1;
    const given = defined.fields.filter((field) => answers[field.name] !== undefined);
    if (defined.skippable && given.length === 0) {
      effort.taps += 1;
      continue;
    }
    // The step as it shows once its own answers are given (a revealed insurer, a model list).
    const step = modules.resolveStep(funnel, defined, { ...values, ...answers });
    for (const field of step.fields) {
      const value = answers[field.name];
      values[field.name] = value;
      if (value === undefined) continue;
      const cost = fieldEffort(field, value);
      effort.taps += cost.taps;
      effort.keystrokes += cost.keystrokes;
      effort.pickers += cost.pickers;
    }
    // Continue, unless the answer's own tap moved on.
    if (!modules.oneTapField(step)) effort.taps += 1;
  }
  return effort;
}

/** A second vehicle and a second driver on top of the test lead's one of each. */
export const TWO_CARS_TWO_DRIVERS: Readonly<Record<string, unknown>> = {
  ...AUTO_LEAD_FIELDS,
  vehicle2Year: '2015',
  vehicle2Make: 'Honda',
  vehicle2Model: 'Civic',
  driver2FirstName: 'Luis',
  driver2LastName: 'Ruiz',
  driver2Dob: '1954-11-02',
  driver2Gender: 'male',
  driver2MaritalStatus: 'married',
  driver2CreditRating: 'good',
  driver2Sr22: false,
  driver2MilitaryAffiliation: true,
};

async function main(args: string[]): Promise<void> {
  const at = args.indexOf('--root');
  const root = at === -1 ? path.resolve(import.meta.dirname, '..') : path.resolve(args[at + 1] ?? '.');
  const modules = await load(root);
  const rows: Array<[string, Readonly<Record<string, unknown>>]> = [
    ['one car, one driver', AUTO_LEAD_FIELDS],
    ['two cars, two drivers', TWO_CARS_TWO_DRIVERS],
  ];
  console.log(`auto funnel version ${modules.funnel.version} (${root})\n`);
  console.log('| walk | question screens | taps | keystrokes | native pickers |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, lead] of rows) {
    const effort = walkEffort(modules, lead);
    console.log(`| ${name} | ${effort.screens} | ${effort.taps} | ${effort.keystrokes} | ${effort.pickers} |`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
