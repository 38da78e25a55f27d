/** `/branches/{b}/pages`: the brand's routes with their live version and drafts. */
import { CC_PAGES_LIST } from '../../../core/contract/cc-pages.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The pages table. */
export default function PagesScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const state = useCall(branch, () => callControlCenter(CC_PAGES_LIST, { params: { branch } }));
  if (state.status === 'loading') return <p aria-live="polite">Loading pages…</p>;
  if (state.status === 'failed') return <CallFailure error={state.error} />;
  return (
    <div className="cc-table-wrap">
      <table className="cc-table">
        <caption>Pages of {branch}: the live version staff published, or the built-in page</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Path</th>
            <th scope="col">Template</th>
            <th scope="col">Product</th>
            <th scope="col">Language</th>
            <th scope="col">Indexable</th>
            <th scope="col">Live version</th>
          </tr>
        </thead>
        <tbody>
          {state.value.pages.map((page) => (
            <tr key={page.name}>
              <th scope="row">
                <a href={href('cc-page', { branch, page: page.name })}>{page.name}</a>
              </th>
              <td>
                <code>{page.path}</code>
              </td>
              <td>{page.template}</td>
              <td>{page.product ?? '—'}</td>
              <td>{page.language}</td>
              <td>{page.indexable ? 'yes' : 'no'}</td>
              <td>
                {page.liveVersion === undefined ? 'built-in' : `v${page.liveVersion}`}
                {page.draft ? <span className="cc-badge">draft v{page.newestVersion}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
