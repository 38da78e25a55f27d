/**
 * `/branches/{b}/experiments/{experiment}`: one experiment. A draft is edited here and
 * started; a running one can only be paused or stopped (a paused one resumed or stopped), each
 * change audited by the API. The results panel shows, per variant, visitors, step submissions per
 * step, leads, the conversion rate with its 95 % interval and the chance to beat the control, and
 * warns of a sample-ratio mismatch. "Which variant does a visitor get?" runs the same assignment
 * the server runs, in the browser, for support questions.
 */
import { useState } from 'react';
import { CC_EXPERIMENT_GET, CC_EXPERIMENT_RESULTS, CC_EXPERIMENT_STATUS, CC_EXPERIMENT_UPDATE } from '../../../core/contract/cc-experiments.ts';
import { assignVariant, FORCE_VARIANT_PARAM } from '../../../core/experiments/assignment.ts';
import { STATUS_CHANGES, type Experiment, type ExperimentStatus } from '../../../core/experiments/experiment.ts';
import type { ExperimentResults } from '../../../core/experiments/results.ts';
import { callControlCenter } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';
import { ExperimentForm } from './ExperimentForm.tsx';
import { shownTime } from './ExperimentsScreen.tsx';

/** The button that moves an experiment to a status. */
const STATUS_ACTIONS: Record<ExperimentStatus, string> = { draft: 'Back to draft', running: 'Start', paused: 'Pause', stopped: 'Stop' };

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);

/** One experiment: its facts, its changes and its results. */
export default function ExperimentScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const key = payload.route.params.experiment ?? '';
  const [reload, setReload] = useState(0);
  const state = useCall(`${branch}/${key}/${reload}`, () => callControlCenter(CC_EXPERIMENT_GET, { params: { branch, experiment: key } }));
  if (state.status === 'loading') return <p aria-live="polite">Loading the experiment…</p>;
  if (state.status === 'failed') return <CallFailure error={state.error} />;
  return <ExperimentView experiment={state.value.experiment} onChanged={() => setReload((count) => count + 1)} />;
}

function ExperimentView({ experiment, onChanged }: { experiment: Experiment; onChanged: () => void }) {
  const params = { branch: experiment.branch, experiment: experiment.key };
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);

  async function changeStatus(status: ExperimentStatus) {
    setBusy(true);
    setFailure(undefined);
    try {
      await callControlCenter(CC_EXPERIMENT_STATUS, { params, body: { status, baseVersion: experiment.version } });
      onChanged();
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cc-experiment">
      <h2>
        {experiment.name} <code>{experiment.key}</code> <span className={experiment.status === 'running' ? 'cc-badge cc-badge-live' : 'cc-badge'}>{experiment.status}</span>
      </h2>
      <dl className="cc-fields">
        <div>
          <dt>Pages</dt>
          <dd>{experiment.routes.join(', ')}</dd>
        </div>
        <div>
          <dt>Variants</dt>
          <dd>{experiment.variants.map((variant, index) => `${variant.key}${index === 0 ? ' (control)' : ''}: weight ${variant.weight}`).join('; ')}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{shownTime(experiment.startedAt)}</dd>
        </div>
        <div>
          <dt>Stopped</dt>
          <dd>{shownTime(experiment.stoppedAt)}</dd>
        </div>
        <div>
          <dt>Try a variant</dt>
          <dd>
            Signed in, open a page with <code>?{FORCE_VARIANT_PARAM}={experiment.key}:{experiment.variants[1]?.key ?? experiment.variants[0]?.key}</code>: visitors cannot force one, and forced visits are not counted.
          </dd>
        </div>
      </dl>
      <div className="cc-actions">
        {STATUS_CHANGES[experiment.status].map((status) => (
          <button key={status} type="button" className="cc-button" disabled={busy} onClick={() => void changeStatus(status)}>
            {experiment.status === 'paused' && status === 'running' ? 'Resume' : STATUS_ACTIONS[status]}
          </button>
        ))}
      </div>
      {failure ? <CallFailure error={failure} /> : null}
      {experiment.status === 'draft' ? (
        <section aria-labelledby="cc-experiment-edit-title">
          <h3 id="cc-experiment-edit-title">Edit the draft</h3>
          <ExperimentForm
            initial={experiment}
            submitLabel="Save draft"
            onSave={async (fields) => {
              await callControlCenter(CC_EXPERIMENT_UPDATE, { params, body: { baseVersion: experiment.version, fields } });
              onChanged();
            }}
          />
        </section>
      ) : (
        <ResultsPanel experiment={experiment} />
      )}
      <VisitorCheck experiment={experiment} />
    </div>
  );
}

/** The results per variant, from the API. */
function ResultsPanel({ experiment }: { experiment: Experiment }) {
  const state = useCall(`${experiment.branch}/${experiment.key}/${experiment.version}/results`, () => callControlCenter(CC_EXPERIMENT_RESULTS, { params: { branch: experiment.branch, experiment: experiment.key } }));
  return (
    <section className="cc-experiment-results" aria-labelledby="cc-experiment-results-title">
      <h3 id="cc-experiment-results-title">Results</h3>
      {state.status === 'loading' ? <p aria-live="polite">Counting…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' ? <ResultsTable results={state.value.results} /> : null}
    </section>
  );
}

/** The results table and the sample-ratio check. */
export function ResultsTable({ results }: { results: ExperimentResults }) {
  const srm = results.srm;
  return (
    <>
      {srm?.mismatch ? (
        <p className="cc-error" role="alert">
          Sample ratio mismatch: the visitors do not split as the weights say (chi-square {srm.chiSquare.toFixed(2)}, p {srm.pValue.toExponential(2)}, below {srm.threshold}). Something
          assigns or counts visitors unevenly; do not trust this result until that is found.
        </p>
      ) : null}
      <div className="cc-table-wrap">
        <table className="cc-table">
          <caption>Per variant: visitors who entered, what they did after, and how each compares with the control</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Visitors</th>
              {results.steps.map((step) => (
                <th scope="col" key={step}>
                  Step {step}
                </th>
              ))}
              <th scope="col">Leads</th>
              <th scope="col">Conversion rate</th>
              <th scope="col">95 % interval</th>
              <th scope="col">Chance to beat control</th>
            </tr>
          </thead>
          <tbody>
            {results.variants.map((variant) => (
              <tr key={variant.key}>
                <th scope="row">
                  {variant.key}
                  {variant.control ? ' (control)' : ''}
                </th>
                <td data-cell="visitors">{variant.visitors}</td>
                {results.steps.map((step) => (
                  <td key={step}>{variant.stepSubmissions[step] ?? 0}</td>
                ))}
                <td>{variant.leads}</td>
                <td>{percent(variant.conversionRate)}</td>
                <td>{variant.interval ? `${percent(variant.interval.low)} – ${percent(variant.interval.high)}` : '–'}</td>
                <td>{variant.control ? '' : percent(variant.chanceToBeatControl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {srm && !srm.mismatch ? (
        <p>
          Sample ratio: as the weights say (chi-square {srm.chiSquare.toFixed(2)}, p {srm.pValue.toFixed(3)}).
        </p>
      ) : null}
    </>
  );
}

/** Which variant an anonymous id gets: the server's assignment, run here. */
function VisitorCheck({ experiment }: { experiment: Experiment }) {
  const [id, setId] = useState('');
  const trimmed = id.trim();
  return (
    <section aria-labelledby="cc-visitor-check-title">
      <h3 id="cc-visitor-check-title">Which variant does a visitor get?</h3>
      <div className="cc-field">
        <label htmlFor="cc-visitor-check">Anonymous id (from an event or a lead)</label>
        <input id="cc-visitor-check" type="text" spellCheck={false} value={id} onChange={(event) => setId(event.target.value)} />
      </div>
      <p aria-live="polite">{trimmed ? `${trimmed} gets ${assignVariant(experiment.key, experiment.variants, trimmed)}.` : ''}</p>
    </section>
  );
}
