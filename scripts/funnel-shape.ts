/**
 * The shape of a funnel, counted from its definition, to measure it before and after a change: every
 * step with when it shows, its fields, their topics and how they are answered, then the screens and
 * fields of one visitor's walk. Prints Markdown tables.
 *
 *   npx tsx scripts/funnel-shape.ts                 # the auto funnel
 *   npx tsx scripts/funnel-shape.ts auto life       # named funnels
 *   npx tsx scripts/funnel-shape.ts --root DIR auto # the funnels of another checkout, e.g. of a commit:
 *       mkdir /tmp/head && git archive HEAD | tar -x -C /tmp/head && ln -s "$PWD/node_modules" /tmp/head/
 *
 * The walk is the shortest a visitor can take with the most questions: yes to every yes/no
 * question, every skippable step skipped (so one vehicle and one driver on auto).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunnelDefinition, FunnelStep, StepCondition, StepField } from '../src/core/funnels/types.ts';
import { topicsOf } from '../src/core/funnels/topics.ts';

/** The most fields a screen may ask (test/unit/funnel-screens.test.ts holds every funnel to it). */
const MAX_FIELDS_PER_SCREEN = 3;

interface FunnelModules {
  funnels: Readonly<Record<string, FunnelDefinition>>;
  conditionHolds: (condition: StepCondition | undefined, values: Readonly<Record<string, unknown>>) => boolean;
  oneTapField: (step: FunnelStep) => StepField | undefined;
}

async function load(root: string): Promise<FunnelModules> {
  // Another checkout's modules are taken to export what this one's do: that is what comparing two checkouts assumes.
  const module = <Exports>(file: string) => import(pathToFileURL(path.join(root, 'src/core/funnels', file)).href) as Promise<Exports>;
  const [index, engine, fieldInput] = await Promise.all([
    module<{ FUNNELS: FunnelModules['funnels'] }>('index.ts'),
    module<Pick<FunnelModules, 'conditionHolds'>>('engine.ts'),
    module<Pick<FunnelModules, 'oneTapField'>>('field-input.ts'),
  ]);
  return { funnels: index.FUNNELS, conditionHolds: engine.conditionHolds, oneTapField: fieldInput.oneTapField };
}

function shownWhen(step: FunnelStep): string {
  const when = step.onlyIf ? `if ${step.onlyIf.field}${step.onlyIf.equals === undefined ? ' answered' : ` = ${String(step.onlyIf.equals)}`}` : 'always';
  return step.skippable ? `${when}, skippable` : when;
}

/** How the step is answered: 'one tap (2)', or each field's control. */
function answeredBy(step: FunnelStep, modules: FunnelModules): string {
  if (step.kind !== 'form') return `end screen (${step.kind})`;
  const oneTap = modules.oneTapField(step);
  if (oneTap) return `one tap (${oneTap.options?.length ?? 0} answers)`;
  return step.fields
    .map((field) => {
      const count = field.options?.length;
      const choice = count ? `${field.kind} (${count}${field.other ? ' + other' : ''})` : field.modelsOf ? 'select (models of the make) + other' : field.kind;
      return choice;
    })
    .join(', ');
}

/** The steps of the walk described in the header, in order. */
function walk(funnel: FunnelDefinition, modules: FunnelModules): FunnelStep[] {
  const values: Record<string, unknown> = {};
  const shown: FunnelStep[] = [];
  for (const step of funnel.steps) {
    if (!modules.conditionHolds(step.onlyIf, values)) continue;
    shown.push(step);
    if (step.skippable) continue;
    for (const field of step.fields) values[field.name] = field.kind === 'yesno' ? true : 'answered';
  }
  return shown;
}

function report(funnel: FunnelDefinition, modules: FunnelModules): string {
  const lines = [`### ${funnel.id}`, '', '| # | step | shown | fields | topics | answered by |', '| --- | --- | --- | --- | --- | --- |'];
  funnel.steps.forEach((step, index) => {
    const names = step.fields.map((field) => field.name);
    lines.push(`| ${index + 1} | ${step.name} | ${shownWhen(step)} | ${names.length} | ${topicsOf(names).join('; ')} | ${answeredBy(step, modules)} |`);
  });
  const forms = funnel.steps.filter((step) => step.kind === 'form');
  const path = walk(funnel, modules);
  const asked = path.filter((step) => !step.skippable).flatMap((step) => step.fields);
  lines.push(
    '',
    `- steps defined: ${funnel.steps.length} (${forms.length} question steps)`,
    `- most fields on one screen: ${Math.max(0, ...forms.map((step) => step.fields.length))}; screens with more than ${MAX_FIELDS_PER_SCREEN} fields: ${forms.filter((step) => step.fields.length > MAX_FIELDS_PER_SCREEN).length}; screens with more than one topic: ${forms.filter((step) => topicsOf(step.fields.map((field) => field.name)).length > 1).length}`,
    `- one-tap screens: ${forms.filter((step) => modules.oneTapField(step)).length} of ${forms.length}`,
    `- the walk (yes to every yes/no, every skippable step skipped): ${path.length} screens, ${asked.length} fields answered, ${path.filter((step) => modules.oneTapField(step) && !step.skippable).length} of them by one tap`,
    '',
  );
  return lines.join('\n');
}

async function main(argv: readonly string[]) {
  const rootIndex = argv.indexOf('--root');
  const root = path.resolve(rootIndex >= 0 ? argv[rootIndex + 1] ?? '.' : path.join(import.meta.dirname, '..'));
  const ids = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--root');
  const modules = await load(root);
  for (const id of ids.length > 0 ? ids : ['auto']) {
    const funnel = modules.funnels[id];
    if (!funnel) {
      console.error(`no funnel '${id}'; there are: ${Object.keys(modules.funnels).join(', ')}`);
      process.exitCode = 2;
      return;
    }
    console.log(report(funnel, modules));
  }
}

await main(process.argv.slice(2));
