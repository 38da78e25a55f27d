/**
 * A branch's overview: visitors, step submissions and leads per day over
 * the last 30 days (chart and table) and per funnel page, each funnel's step-by-step drop-off
 * (FunnelReportSection), beside the branch's recent changes in resizable panels.
 */
import { CC_BRANCH_OVERVIEW, type BranchOverviewResponse } from '../../../core/contract/cc-branches.ts';
import { callControlCenter } from '../api-client.ts';
import { AuditTrail } from '../AuditTrail.tsx';
import { SplitPanels } from '../kit/SplitPanels.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { TrafficChart } from '../TrafficChart.tsx';
import { FunnelReportSection } from '../FunnelReportSection.tsx';
import { CallFailure, useCall } from '../use-call.tsx';

/** Starting widths of the traffic and changes panels, in percent. */
const PANEL_SIZES = [65, 35] as const;

function Totals({ days }: { days: BranchOverviewResponse['days'] }) {
  const sum = (key: 'visitors' | 'stepSubmissions' | 'leads') => days.reduce((total, day) => total + day[key], 0);
  return (
    <dl className="cc-totals">
      <div>
        <dt>Visitor-days</dt>
        <dd>{sum('visitors')}</dd>
      </div>
      <div>
        <dt>Step submissions</dt>
        <dd>{sum('stepSubmissions')}</dd>
      </div>
      <div>
        <dt>Leads</dt>
        <dd>{sum('leads')}</dd>
      </div>
    </dl>
  );
}

function DayTable({ days }: { days: BranchOverviewResponse['days'] }) {
  return (
    <details className="cc-days">
      <summary>Per day</summary>
      <div className="cc-table-wrap">
        <table className="cc-table">
          <caption>Per day (UTC), oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="cc-number">Visitors</th>
              <th scope="col" className="cc-number">Step submissions</th>
              <th scope="col" className="cc-number">Leads</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td className="cc-number">{day.visitors}</td>
                <td className="cc-number">{day.stepSubmissions}</td>
                <td className="cc-number">{day.leads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function FunnelTable({ funnels }: { funnels: BranchOverviewResponse['funnels'] }) {
  if (funnels.length === 0) return <p>No funnel traffic in these days.</p>;
  return (
    // Focusable when it scrolls sideways (long funnel paths), so keyboard users can scroll it too.
    <div className="cc-table-wrap" tabIndex={0} role="region" aria-label="Per funnel page">
      <table className="cc-table">
        <caption>Per funnel page</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Funnel</th>
            <th scope="col" className="cc-number">Visitors</th>
            <th scope="col" className="cc-number">Step submissions</th>
            <th scope="col" className="cc-number">Leads</th>
          </tr>
        </thead>
        <tbody>
          {funnels.map((funnel) => (
            <tr key={funnel.route}>
              <th scope="row">{funnel.path}</th>
              <td>{funnel.funnel}</td>
              <td className="cc-number">{funnel.visitors}</td>
              <td className="cc-number">{funnel.stepSubmissions}</td>
              <td className="cc-number">{funnel.leads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The overview of the route's branch. */
export default function OverviewScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const state = useCall(branch, () => callControlCenter(CC_BRANCH_OVERVIEW, { params: { branch } }));
  const traffic =
    state.status === 'loading' ? (
      <p aria-live="polite">Loading traffic…</p>
    ) : state.status === 'failed' ? (
      <CallFailure error={state.error} />
    ) : (
      <>
        <p className="cc-domains">{state.value.branch.domains.join(', ')} · {state.value.branch.routes} routes</p>
        <h2>Last {state.value.days.length} days</h2>
        <Totals days={state.value.days} />
        <TrafficChart days={state.value.days} />
        <DayTable days={state.value.days} />
        <h2>Per funnel</h2>
        <FunnelTable funnels={state.value.funnels} />
        <FunnelReportSection branch={branch} />
      </>
    );
  return (
    <SplitPanels
      id="cc-overview"
      defaultSizes={PANEL_SIZES}
      splitterLabel="Resize the traffic and recent changes panels"
      first={<section className="cc-traffic" aria-label="Traffic">{traffic}</section>}
      second={<AuditTrail branch={branch} />}
    />
  );
}
