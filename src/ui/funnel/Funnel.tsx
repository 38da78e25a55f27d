import { useEffect, useLayoutEffect, useRef } from 'react';
import { fillBrandFacts } from '../../core/content/brand-view.ts';
import { FUNNEL_ACTIONS } from '../../core/funnels/actions.ts';
import { funnelConsent, stepConsent } from '../../core/funnels/consent.ts';
import { enterStep, skipStep, submitStep, type StepNavigation, type StepSubmitDeps } from '../../core/funnels/engine.ts';
import { stepPath } from '../../core/funnels/paths.ts';
import { visitorPath } from '../../core/funnels/visitor-path.ts';
import type { FunnelDefinition, FunnelStep } from '../../core/funnels/types.ts';
import type { PagePayload, StepState } from '../../core/payload/types.ts';
import { useRuntime } from '../runtime.tsx';
import { SmallPrint } from '../templates/blocks/SmallPrint.tsx';
import { lazyPart } from '../lazy-part.tsx';
import { scrollToFormTop } from './scroll.ts';
import { StepForm } from './StepForm.tsx';
import { StepHeading } from './StepHeading.tsx';
import { StepProgress } from './StepProgress.tsx';
import { FUNNEL_TEXT } from './text.ts';
import { useFunnelValues } from './use-funnel-values.ts';
import { useQueryString } from './use-query-string.ts';

/**
 * The end screen, a chunk of its own: a visitor answers every question before it is shown, so its
 * code (the plans of what to say, the call box, the ad list's place) stays out of the funnel's first
 * load and is fetched once the funnel is on screen ({@link Funnel} starts the load).
 */
const EndScreen = lazyPart('EndScreen', () => import('./EndScreen.tsx').then((module) => module.EndScreen));

/** Props of a stepped funnel page. */
export interface FunnelProps {
  payload: PagePayload;
  funnel: FunnelDefinition;
  step: StepState;
}

/**
 * A stepped funnel (spec §2 "Multi-step form"). The same element stays mounted across step
 * changes (only the step's form is keyed by step), so the progress bar animates and nothing the
 * visitor sees is rebuilt. Step entry and submit go through the step engine.
 *
 * The first screen of every step holds the question, its answers and the button: the
 * page's headline is a compact line on the first step only (the ad's promise, read on arrival),
 * and stays the page's h1 for screen readers, visually hidden, on the later steps. Under every
 * step, questions and end screens alike, the page's small print: its product's disclaimers (for
 * Medicare the TPMO statement) where the visitor reads them before calling or answering.
 */
export function Funnel({ payload, funnel, step }: FunnelProps) {
  const runtime = useRuntime();
  const text = FUNNEL_TEXT[funnel.language];
  const index = step.number - 1;
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the payload loader numbers a step of this funnel, falling back to the first for an unknown name
  const current = funnel.steps[index]!;
  const values = useFunnelValues(runtime.forms, funnel, payload.formState);
  const query = useQueryString(payload.formState?.query);
  const { pattern, params } = payload.route;
  const pathOf = (name: string) => stepPath(pattern, params, name);
  // The visitor's own path: the progress counts it, Back goes to the step before on it.
  const path = visitorPath(funnel, index, values);
  const position = path.indexOf(index);
  const previousIndex = path[position - 1];
  const previous = previousIndex === undefined ? undefined : funnel.steps[previousIndex];
  const formTop = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const movedBySubmit = useRef(false);

  // The end screen's chunk, fetched while the visitor answers the first question, so it is in long
  // before the last one (a failed fetch is tried again when the end screen renders).
  useEffect(() => {
    EndScreen.load().catch(() => undefined);
  }, []);

  useEffect(() => {
    enterStep(funnel, step, { track: runtime.track, actions: FUNNEL_ACTIONS, demandCheck: runtime.demandCheck }).catch((error) =>
      console.error('Step on-enter action failed', error),
    );
    // Once per shown step: a new payload is a new step entry (Back included), a re-render is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the payload on purpose
  }, [payload]);

  useLayoutEffect(() => {
    if (!movedBySubmit.current) return;
    movedBySubmit.current = false;
    // Focus the new question for screen readers, then bring the progress and form into view below the sticky bars.
    heading.current?.focus({ preventScroll: true });
    if (formTop.current) scrollToFormTop(formTop.current);
  }, [current.name]);

  const deps: StepSubmitDeps = {
    merge: (formName, submitted) => runtime.forms.merge(formName, submitted),
    track: runtime.track,
    recordStep: (submitted, answers) => runtime.steps.record(payload.route.name, funnel.id, submitted.name, answers),
    actions: FUNNEL_ACTIONS,
    captureLead: async (fields) => {
      const consent = funnelConsent(funnel, payload.brand);
      await runtime.leads.capture({
        route: payload.route.name,
        funnel: funnel.id,
        fields,
        ...(consent ? { consent: { text: consent.text, buttonLabel: consent.buttonLabel } } : {}),
      });
    },
    goToStep: (next: FunnelStep, navigation: StepNavigation) => {
      movedBySubmit.current = true;
      return runtime.navigate(pathOf(next.name), navigation);
    },
  };

  const posted = payload.formState?.errors ? { input: payload.formState.input, errors: payload.formState.errors } : undefined;
  const consent = stepConsent(current, payload.brand, funnel.language);
  const firstStep = step.number === 1;
  const fill = (copy: string) => fillBrandFacts(copy, payload.brand);
  return (
    <article className="funnel" data-block-id="funnel" data-funnel={funnel.id}>
      <h1 className={firstStep ? 'funnel-headline' : 'funnel-headline visually-hidden'}>{fill(payload.page.headline ?? payload.page.title ?? '')}</h1>
      <div ref={formTop} className="funnel-steps">
        <StepProgress number={position + 1} total={path.length} text={text} />
        <div className="funnel-body" data-step={current.name}>
          {current.kind === 'form' ? (
            <>
              <StepHeading step={current} brand={payload.brand} headingRef={heading} />
              <StepForm
                key={current.name}
                funnel={funnel}
                step={current}
                text={text}
                action={`${pathOf(current.name)}${query}`}
                values={values}
                {...(posted ? { posted } : {})}
                {...(previous ? { backHref: `${pathOf(previous.name)}${query}` } : {})}
                {...(consent ? { consent } : {})}
                onSubmit={(submitted) => submitStep(funnel, index, submitted, deps)}
                onSkip={() => skipStep(funnel, index, deps)}
              />
            </>
          ) : (
            // The end screen writes its own title: what it says depends on the lead, the hours and the demand check.
            <EndScreen
              funnelId={funnel.id}
              step={current}
              brand={payload.brand}
              language={funnel.language}
              product={funnel.product}
              headingRef={heading}
              {...(payload.formState?.lead ? { postedLead: payload.formState.lead } : {})}
            />
          )}
        </div>
      </div>
      <SmallPrint disclaimers={payload.page.disclaimers} brand={payload.brand} language={payload.route.language} />
    </article>
  );
}
