/**
 * `/branches/{b}/leads`: the branch's leads, newest first, filtered by
 * funnel, status and days, searched by lead id, email or phone (sent in a POST body, never in the
 * address), contact details masked, more pages on request, and the filtered list as CSV.
 */
import { useState, type FormEvent } from 'react';
import { CC_LEADS_LIST, type LeadFilters, type LeadListResponse, type LeadSummary } from '../../../core/contract/cc-leads.ts';
import { LEAD_STATUSES } from '../../../core/leads/statuses.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';
import { Popover } from '../kit/Popover.tsx';
import { LeadsExportButton } from './LeadsExportButton.tsx';
import { utcTime } from './lead-format.ts';

/** The filter form's values (empty strings: not filtered). */
interface FilterForm {
  funnel: string;
  status: string;
  from: string;
  to: string;
  search: string;
}

const NO_FILTERS: FilterForm = { funnel: '', status: '', from: '', to: '', search: '' };

/** The form's values as the API's filters: empty fields left out. */
function filtersOf(form: FilterForm): LeadFilters {
  return Object.fromEntries(Object.entries(form).filter(([, value]: [string, string]) => value.trim() !== ''));
}

function LeadRows({ branch, leads }: { branch: string; leads: readonly LeadSummary[] }) {
  return (
    <>
      {leads.map((lead) => (
        <tr key={lead.id}>
          <th scope="row">
            <a href={href('cc-lead', { branch, lead: lead.id })}>{lead.id}</a>
          </th>
          <td>{utcTime(lead.createdAt)}</td>
          <td>{lead.funnel}</td>
          <td>{lead.status}</td>
          <td className="cc-number">{lead.attempts}</td>
          <td>{lead.name ?? '—'}</td>
          <td>{lead.email ?? '—'}</td>
          <td>{lead.phone ?? '—'}</td>
        </tr>
      ))}
    </>
  );
}

/** The date filter as its button says it: any day, from a day, until a day, or both. */
function dateRangeText(from: string, to: string): string {
  if (from && to) return `${from} to ${to}`;
  if (from) return `from ${from}`;
  if (to) return `until ${to}`;
  return 'any day';
}

/** The leads list screen. */
export default function LeadsScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const [form, setForm] = useState<FilterForm>(NO_FILTERS);
  const [applied, setApplied] = useState<LeadFilters>({});
  // Pages after the first, appended by "Show more"; reset whenever the filters change.
  const [more, setMore] = useState<LeadListResponse[]>([]);
  const [loadingMore, setLoadingMore] = useState<Error | boolean>(false);
  const first = useCall(`${branch} ${JSON.stringify(applied)}`, () => callControlCenter(CC_LEADS_LIST, { params: { branch }, body: { filters: applied } }));

  const set = (name: keyof FilterForm) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMore([]);
    setApplied(filtersOf(form));
  };
  const clear = () => {
    setForm(NO_FILTERS);
    setMore([]);
    setApplied({});
  };

  const pages = first.status === 'done' ? [first.value, ...more] : [];
  const next = pages.at(-1)?.next ?? null;
  const showMore = async () => {
    if (next === null) return;
    setLoadingMore(true);
    try {
      const page = await callControlCenter(CC_LEADS_LIST, { params: { branch }, body: { filters: applied, olderThan: next } });
      setMore([...more, page]);
      setLoadingMore(false);
    } catch (error) {
      setLoadingMore(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const funnels = first.status === 'done' ? first.value.funnels : [];
  const leads = pages.flatMap((page) => page.leads);

  return (
    <section className="cc-leads" aria-labelledby="cc-leads-heading">
      <h2 id="cc-leads-heading">Leads of {branch}</h2>
      <form className="cc-filters" onSubmit={submit} aria-label="Filter leads">
        <label>
          Funnel
          <select value={form.funnel} onChange={set('funnel')}>
            <option value="">Any funnel</option>
            {funnels.map((funnel) => (
              <option key={funnel} value={funnel}>
                {funnel}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={form.status} onChange={set('status')}>
            <option value="">Any status</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        {/* The date range in a popover (kit Popover, not modal): one compact control saying the range chosen. */}
        <div className="cc-filters-dates">
          <span id="cc-leads-dates-label">Dates</span>
          <Popover
            label="Date range"
            trigger={
              <button type="button" className="cc-button" aria-labelledby="cc-leads-dates-label cc-leads-dates-value">
                <span id="cc-leads-dates-value">{dateRangeText(form.from, form.to)}</span>
              </button>
            }
          >
            <div className="cc-date-range">
              <label>
                From (UTC day)
                <input type="date" value={form.from} onChange={set('from')} />
              </label>
              <label>
                To (UTC day)
                <input type="date" value={form.to} onChange={set('to')} />
              </label>
            </div>
          </Popover>
        </div>
        <label className="cc-filters-search">
          Lead id, email or phone
          <input type="search" value={form.search} onChange={set('search')} autoComplete="off" spellCheck={false} />
        </label>
        <div className="cc-filters-actions">
          <button type="submit" className="cc-button cc-button-primary">
            Show leads
          </button>
          <button type="button" className="cc-button" onClick={clear}>
            Clear filters
          </button>
          <LeadsExportButton branch={branch} filters={applied} />
        </div>
      </form>
      {first.status === 'loading' ? <p aria-live="polite">Loading leads…</p> : null}
      {first.status === 'failed' ? <CallFailure error={first.error} /> : null}
      {first.status === 'done' ? (
        <>
          <p aria-live="polite" className="cc-leads-count">
            {leads.length === 0 ? 'No leads match.' : `${leads.length} lead${leads.length === 1 ? '' : 's'} shown${next === null ? '' : ', more below'}.`}
          </p>
          {leads.length > 0 ? (
            <div className="cc-table-wrap">
              <table className="cc-table">
                <caption>Leads, newest first; personal values masked</caption>
                <thead>
                  <tr>
                    <th scope="col">Lead</th>
                    <th scope="col">Created</th>
                    <th scope="col">Funnel</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="cc-number">
                      Attempts
                    </th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Phone</th>
                  </tr>
                </thead>
                <tbody>
                  <LeadRows branch={branch} leads={leads} />
                </tbody>
              </table>
            </div>
          ) : null}
          {next !== null ? (
            <button type="button" className="cc-button" onClick={() => void showMore()} disabled={loadingMore === true}>
              {loadingMore === true ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
          {loadingMore instanceof Error ? <CallFailure error={loadingMore} /> : null}
        </>
      ) : null}
    </section>
  );
}
