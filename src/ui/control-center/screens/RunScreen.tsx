/**
 * `/branches/{b}/content-factory/runs/{run}`: one run, its items with their status,
 * error and a link to the draft each produced, refreshed while the worker still has items to do,
 * and cancelling.
 */
import { useEffect, useState } from 'react';
import { CC_RUN_CANCEL, CC_RUN_GET, type RunDetail } from '../../../core/contract/cc-content-factory.ts';
import { callControlCenter } from '../api-client.ts';
import { countsText, inProgress, ItemStatus, scheduleText } from '../content-factory/run-status.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure } from '../use-call.tsx';

/** How often the screen asks again while items are queued or running. */
const REFRESH_MS = 1500;

/** The run screen. */
export default function RunScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const run = payload.route.params.run ?? '';
  const [reload, setReload] = useState(0);
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);
  // Loaded here rather than with useCall: the last answer stays on screen while the next one
  // loads, so a refresh does not blink.
  const [shown, setShown] = useState<RunDetail>();
  const [loadFailure, setLoadFailure] = useState<Error>();
  useEffect(() => {
    let live = true;
    callControlCenter(CC_RUN_GET, { params: { branch, run } }).then(
      (detail) => live && setShown(detail),
      (error: unknown) => live && setLoadFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [branch, run, reload]);
  const working = shown !== undefined && inProgress(shown.run.counts);
  useEffect(() => {
    if (!working) return undefined;
    const timer = setTimeout(() => setReload((count) => count + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [working, shown]);

  if (loadFailure) return <CallFailure error={loadFailure} />;
  if (shown === undefined) return <p aria-live="polite">Loading the run…</p>;
  const { run: summary, items } = shown;

  async function cancel() {
    setBusy(true);
    setFailure(undefined);
    try {
      await callControlCenter(CC_RUN_CANCEL, { params: { branch, run }, body: {} });
      setReload((count) => count + 1);
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cc-run">
      <dl className="cc-facts">
        <div>
          <dt>Author</dt>
          <dd>{summary.authorName || `author ${summary.authorId} (removed)`}</dd>
        </div>
        <div>
          <dt>Template</dt>
          <dd>{summary.template}</dd>
        </div>
        <div>
          <dt>Topics</dt>
          <dd>{summary.topics.join(', ')}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{scheduleText(summary)}</dd>
        </div>
        <div>
          <dt>Drafts</dt>
          <dd aria-live="polite">{countsText(summary.counts)}</dd>
        </div>
        <div>
          <dt>Asked by</dt>
          <dd>{summary.createdBy} at <time dateTime={summary.createdAt}>{summary.createdAt.slice(0, 16).replace('T', ' ')} UTC</time></dd>
        </div>
      </dl>
      {summary.status === 'active' ? (
        <div className="cc-actions">
          <button type="button" className="cc-button" disabled={busy} onClick={() => void cancel()}>
            Cancel run
          </button>
        </div>
      ) : null}
      {failure ? <CallFailure error={failure} /> : null}
      {items.length === 0 ? <p>No drafts asked for yet{summary.schedule && summary.status === 'active' ? ': the schedule has not fired' : ''}.</p> : null}
      {items.length > 0 ? (
        <div className="cc-table-wrap">
          <table className="cc-table">
            <caption>Drafts of run {summary.id}</caption>
            <thead>
              <tr>
                <th scope="col">Topic</th>
                <th scope="col">Batch</th>
                <th scope="col">Status</th>
                <th scope="col">Draft or error</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-item-status={item.status}>
                  <th scope="row">{item.topic}</th>
                  <td>{item.batch}</td>
                  <td>
                    <ItemStatus status={item.status} />
                  </td>
                  <td>
                    {item.articleHref ? <a href={item.articleHref}>{item.articleSlug}</a> : null}
                    {item.error ? <span className="cc-field-error">{item.error}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
