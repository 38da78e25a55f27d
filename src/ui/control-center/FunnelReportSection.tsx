/**
 * Funnel analytics on a branch's overview: pick a funnel page, a
 * range of UTC days and a segment (all visitors, or one device type and paid flag), and see per
 * step who saw it, who submitted it and the drop-off, as a chart and a table, with the leads at
 * the end.
 */
import { useState, type FormEvent } from 'react';
import { CC_FUNNEL_LIST, CC_FUNNEL_REPORT, FUNNEL_REPORT_DEFAULT_DAYS, type FunnelReport, type FunnelStepReport } from '../../core/contract/cc-funnels.ts';
import { callControlCenter } from './api-client.ts';
import { FunnelChart } from './FunnelChart.tsx';
import { CallFailure, useCall } from './use-call.tsx';

const DAY_MS = 86_400_000;

/** The UTC day `days` before today. */
const dayBefore = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** What the form asks for. */
interface Choice {
  route: string;
  from: string;
  to: string;
}

/** The segment shown: 'all', or `${deviceType}|${paid}` of one of the report's segments. */
const ALL = 'all';
const segmentKey = (segment: FunnelReport['segments'][number]) => `${segment.deviceType ?? 'unknown'}|${segment.paid}`;
const segmentLabel = (segment: FunnelReport['segments'][number]) => `${segment.deviceType ?? 'unknown device'}, ${segment.paid ? 'paid' : 'not paid'}`;

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

function StepTable({ steps, leads, caption }: { steps: readonly FunnelStepReport[]; leads: number | undefined; caption: string }) {
  return (
    // Focusable when it scrolls sideways on a narrow screen, so keyboard users can scroll it too.
    <div className="cc-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="cc-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col" className="cc-number">Saw it</th>
            <th scope="col" className="cc-number">Submitted it</th>
            <th scope="col" className="cc-number">Dropped off</th>
            <th scope="col" className="cc-number">Drop-off rate</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.step}>
              <th scope="row">
                {step.title} <span className="cc-step-name">({step.step})</span>
              </th>
              <td className="cc-number">{step.viewed}</td>
              <td className="cc-number">{step.submitted}</td>
              <td className="cc-number">{step.dropOff}</td>
              <td className="cc-number">{percent(step.dropOffRate)}</td>
            </tr>
          ))}
        </tbody>
        {leads === undefined ? null : (
          <tfoot>
            <tr>
              <th scope="row">Leads</th>
              <td className="cc-number" colSpan={4}>
                {leads}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Report({ branch, choice }: { branch: string; choice: Choice }) {
  const [segment, setSegment] = useState(ALL);
  const state = useCall(`${branch}|${choice.route}|${choice.from}|${choice.to}`, () =>
    callControlCenter(CC_FUNNEL_REPORT, { params: { branch, route: choice.route }, query: { from: choice.from, to: choice.to } }),
  );
  if (state.status === 'loading') return <p aria-live="polite">Loading the funnel…</p>;
  if (state.status === 'failed') return <CallFailure error={state.error} />;
  const report = state.value;
  const shown = report.segments.find((candidate) => segmentKey(candidate) === segment);
  const steps = shown?.steps ?? report.steps;
  return (
    <>
      <label className="cc-segment">
        Visitors
        <select value={shown ? segment : ALL} onChange={(event) => setSegment(event.target.value)}>
          <option value={ALL}>All visitors</option>
          {report.segments.map((candidate) => (
            <option key={segmentKey(candidate)} value={segmentKey(candidate)}>
              {segmentLabel(candidate)}
            </option>
          ))}
        </select>
      </label>
      <FunnelChart steps={steps} />
      <StepTable
        steps={steps}
        leads={shown ? undefined : report.leads}
        caption={`${report.path} (${report.funnel}), ${shown ? segmentLabel(shown) : 'all visitors'}, ${choice.from} to ${choice.to} (UTC)`}
      />
    </>
  );
}

/** The funnel section of a branch's overview. */
export function FunnelReportSection({ branch }: { branch: string }) {
  const pages = useCall(`funnels|${branch}`, () => callControlCenter(CC_FUNNEL_LIST, { params: { branch } }));
  const [defaults] = useState(() => ({ from: dayBefore(FUNNEL_REPORT_DEFAULT_DAYS - 1), to: dayBefore(0) }));
  const [form, setForm] = useState<Choice>({ route: '', ...defaults });
  // Until the form is submitted, the first funnel page over the default days.
  const [choice, setChoice] = useState<Choice | undefined>(undefined);
  if (pages.status === 'loading') return <p aria-live="polite">Loading funnels…</p>;
  if (pages.status === 'failed') return <CallFailure error={pages.error} />;
  const funnels = pages.value.funnels;
  const [first] = funnels;
  if (!first) return <p>This branch has no funnel pages.</p>;
  const route = form.route || first.route;
  const set = (key: keyof Choice) => (event: { target: { value: string } }) => setForm({ ...form, route, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChoice({ ...form, route });
  };
  return (
    <section className="cc-funnel" aria-labelledby="cc-funnel-heading">
      <h2 id="cc-funnel-heading">Funnel drop-off</h2>
      <form className="cc-filters" onSubmit={submit} aria-label="Choose a funnel and days">
        <label>
          Funnel page
          <select value={route} onChange={set('route')}>
            {funnels.map((page) => (
              <option key={page.route} value={page.route}>
                {page.path} ({page.funnel})
              </option>
            ))}
          </select>
        </label>
        <label>
          From (UTC day)
          <input type="date" value={form.from} onChange={set('from')} required />
        </label>
        <label>
          To (UTC day)
          <input type="date" value={form.to} onChange={set('to')} required />
        </label>
        <div className="cc-filters-actions">
          <button type="submit" className="cc-button cc-button-primary">
            Show funnel
          </button>
        </div>
      </form>
      <Report branch={branch} choice={choice ?? { route: first.route, from: defaults.from, to: defaults.to }} />
    </section>
  );
}
