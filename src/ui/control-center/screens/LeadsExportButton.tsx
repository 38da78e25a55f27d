/**
 * "Export CSV" of the leads screen: posts the applied filters (a search term stays out of the
 * address) and saves the answer as the file the server names. The server logs every exported
 * lead's access and audits the export before it answers.
 */
import { useState } from 'react';
import { CC_LEADS_EXPORT, type LeadFilters } from '../../../core/contract/cc-leads.ts';
import { fillPath } from '../../../core/contract/endpoint.ts';
import { ControlCenterApiError } from '../api-client.ts';
import { CallFailure } from '../use-call.tsx';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or a fallback. */
function fileNameOf(disposition: string | null, branch: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `leads-${branch}.csv`;
}

/** Downloads the CSV of `filters`; the answer is CSV, not JSON, so this is its own fetch. */
async function downloadCsv(branch: string, filters: LeadFilters): Promise<void> {
  const response = await fetch(fillPath(CC_LEADS_EXPORT.path, { branch }), {
    method: CC_LEADS_EXPORT.method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/csv, application/json' },
    body: JSON.stringify(filters),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string; problems?: string[] };
    throw new ControlCenterApiError(response.status, answer.error ?? `the export answered ${response.status}`, answer.problems ?? [], answer);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), branch);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The export button, with the export's failure below it. */
export function LeadsExportButton({ branch, filters }: { branch: string; filters: LeadFilters }) {
  const [state, setState] = useState<'idle' | 'running' | 'done' | Error>('idle');
  const run = async () => {
    setState('running');
    try {
      await downloadCsv(branch, filters);
      setState('done');
    } catch (error) {
      setState(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return (
    <>
      <button type="button" className="cc-button" onClick={() => void run()} disabled={state === 'running'}>
        {state === 'running' ? 'Exporting…' : 'Export CSV (logged)'}
      </button>
      <span aria-live="polite" className="cc-export-status">
        {state === 'done' ? 'Exported; each lead’s access is logged.' : ''}
      </span>
      {state instanceof Error ? <CallFailure error={state} /> : null}
    </>
  );
}
