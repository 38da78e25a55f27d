/**
 * `/branches/{b}/content-factory`: what the content factory is, with the branch's
 * authors and runs counted and linked.
 */
import { CC_AUTHORS_LIST, CC_RUNS_LIST } from '../../../core/contract/cc-content-factory.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The content factory's landing screen. */
export default function ContentFactoryScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const state = useCall(branch, () =>
    Promise.all([callControlCenter(CC_AUTHORS_LIST, { params: { branch } }), callControlCenter(CC_RUNS_LIST, { params: { branch } })]).then(([authors, runs]) => ({ authors: authors.authors.length, runs: runs.runs.length })),
  );
  return (
    <div className="cc-content-factory">
      <p>The content factory writes article drafts in bulk: choose an author, list topics or keywords and a template, and a text-generation provider writes one draft per item. Drafts are never published by the factory; review and publish them in Articles.</p>
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      <ul>
        <li>
          <a href={href('cc-content-factory-authors', { branch })}>Authors</a>
          {state.status === 'done' ? ` (${state.value.authors})` : null}: who the drafts are written as, their expertise and tone.
        </li>
        <li>
          <a href={href('cc-content-factory-runs', { branch })}>Runs</a>
          {state.status === 'done' ? ` (${state.value.runs})` : null}: ask for drafts now or on a schedule, and follow each one.
        </li>
      </ul>
    </div>
  );
}
