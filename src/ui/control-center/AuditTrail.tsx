/**
 * The audit trail of a branch, or of one item in it: who changed what and when, newest first, with
 * the item before and after.
 * Screens embed it: `<AuditTrail branch="ac" />`, `<AuditTrail branch="ac" itemKind="page" itemId="quiz-otc" />`.
 */
import { CC_AUDIT, type AuditEntryView } from '../../core/contract/cc-branches.ts';
import { callControlCenter } from './api-client.ts';
import { CallFailure, useCall } from './use-call.tsx';

/** Props of {@link AuditTrail}. */
export interface AuditTrailProps {
  branch: string;
  itemKind?: string;
  itemId?: string;
  /** How many entries, newest first (the API's default otherwise). */
  limit?: number;
  /** The heading's text. */
  title?: string;
}

/** A recorded state, short enough to scan; the whole JSON is one click away. */
function Snapshot({ label, value }: { label: string; value: unknown }) {
  if (value === undefined) return null;
  return (
    <details className="cc-snapshot">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

function Entry({ entry, showItem }: { entry: AuditEntryView; showItem: boolean }) {
  return (
    <li className="cc-audit-entry">
      <p>
        <time dateTime={entry.at}>{entry.at.slice(0, 16).replace('T', ' ')} UTC</time> · <strong>{entry.userEmail}</strong> · {entry.action}
        {showItem ? ` · ${entry.itemKind} ${entry.itemId}` : ''}
      </p>
      <Snapshot label="Before" value={entry.before} />
      <Snapshot label="After" value={entry.after} />
    </li>
  );
}

/** The audit entries matching the props, loaded after hydration. */
export function AuditTrail({ branch, itemKind, itemId, limit, title = 'Recent changes' }: AuditTrailProps) {
  const query = { branch, itemKind, itemId, limit: limit === undefined ? undefined : String(limit) };
  const state = useCall(JSON.stringify(query), () => callControlCenter(CC_AUDIT, { query }));
  return (
    <section className="cc-audit" aria-labelledby="cc-audit-title">
      <h2 id="cc-audit-title">{title}</h2>
      {state.status === 'loading' ? <p aria-live="polite">Loading changes…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' && state.value.entries.length === 0 ? <p>No changes recorded yet.</p> : null}
      {state.status === 'done' && state.value.entries.length > 0 ? (
        <ol className="cc-audit-list">
          {state.value.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} showItem={itemId === undefined} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
