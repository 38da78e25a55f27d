import type { TemplateProps } from './types.ts';

/** A stepped funnel page: the current step's form, progress "Step N of M". */
export function FunnelPage({ payload }: TemplateProps) {
  const { page, funnel, step } = payload;
  if (!funnel || !step) return null;
  const current = funnel.steps[step.number - 1]!;
  const next = funnel.steps[step.number];
  const base = payload.route.pattern.replace('/{step?}', '');
  return (
    <article className="funnel-page" data-block-id="funnel">
      <h1>{page.headline ?? page.title}</h1>
      <p className="funnel-progress" aria-live="polite">
        Step {step.number} of {step.total}
      </p>
      <section className="funnel-step" data-step={current.name}>
        <h2>{current.title}</h2>
        {next ? (
          <a className="button button-primary" href={`${base}/${next.name}`}>
            Continue
          </a>
        ) : null}
      </section>
    </article>
  );
}
