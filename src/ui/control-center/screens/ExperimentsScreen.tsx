/**
 * `/branches/{b}/experiments`: the branch's A/B tests with their status and pages, and
 * a form that creates one as a draft and opens it.
 */
import { useState } from 'react';
import { CC_EXPERIMENT_CREATE, CC_EXPERIMENTS_LIST } from '../../../core/contract/cc-experiments.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';
import { ExperimentForm, NEW_EXPERIMENT_FIELDS } from './ExperimentForm.tsx';

/** The address of an experiment's screen. */

/** A UTC time as the control center shows it, or a dash. */
export function shownTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '–';
}

/** The experiments table and the new-experiment form. */
export default function ExperimentsScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const state = useCall(branch, () => callControlCenter(CC_EXPERIMENTS_LIST, { params: { branch } }));
  const [key, setKey] = useState('');
  return (
    <div className="cc-experiments">
      {state.status === 'loading' ? <p aria-live="polite">Loading experiments…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' && state.value.experiments.length === 0 ? <p>No experiments yet: create the first one below.</p> : null}
      {state.status === 'done' && state.value.experiments.length > 0 ? (
        <div className="cc-table-wrap">
          <table className="cc-table">
            <caption>Experiments of {branch}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Experiment</th>
                <th scope="col">Pages</th>
                <th scope="col">Variants</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Stopped</th>
              </tr>
            </thead>
            <tbody>
              {state.value.experiments.map((experiment) => (
                <tr key={experiment.key}>
                  <th scope="row">
                    <a href={href('cc-experiment', { branch, experiment: experiment.key })}>{experiment.name}</a> <code>{experiment.key}</code>
                  </th>
                  <td>{experiment.routes.join(', ')}</td>
                  <td>{experiment.variants.map((variant) => `${variant.key} (${variant.weight})`).join(', ')}</td>
                  <td>
                    <span className={experiment.status === 'running' ? 'cc-badge cc-badge-live' : 'cc-badge'}>{experiment.status}</span>
                  </td>
                  <td>{shownTime(experiment.startedAt)}</td>
                  <td>{shownTime(experiment.stoppedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <section aria-labelledby="cc-new-experiment-title">
        <h2 id="cc-new-experiment-title">New experiment</h2>
        <ExperimentForm
          initial={NEW_EXPERIMENT_FIELDS}
          submitLabel="Create draft"
          onSave={async (fields) => {
            await callControlCenter(CC_EXPERIMENT_CREATE, { params: { branch }, body: { key: key.trim(), ...fields } });
            window.location.assign(href('cc-experiment', { branch, experiment: key.trim() }));
          }}
        >
          <div className="cc-field">
            <label htmlFor="cc-experiment-key">Key (lower-case letters, digits and dashes; it cannot change later)</label>
            <input id="cc-experiment-key" name="key" type="text" spellCheck={false} autoComplete="off" value={key} onChange={(event) => setKey(event.target.value)} />
          </div>
        </ExperimentForm>
      </section>
    </div>
  );
}
