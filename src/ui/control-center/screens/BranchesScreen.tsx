/** `/branches`: every site brand with its domains, routes and a week's visitors and leads. */
import { useBranchList } from '../use-branch-list.ts';
import { CallFailure } from '../use-call.tsx';
import { sectionHref } from '../chrome/sections.ts';

/** The branch table. */
export default function BranchesScreen() {
  const list = useBranchList();
  if (list === undefined) return <p aria-live="polite">Loading branches…</p>;
  if (list instanceof Error) return <CallFailure error={list} />;
  return (
    <div className="cc-table-wrap">
      <table className="cc-table">
        <caption>Branches, with visitors and leads of the last {list.days} days</caption>
        <thead>
          <tr>
            <th scope="col">Branch</th>
            <th scope="col">Domains</th>
            <th scope="col" className="cc-number">Routes</th>
            <th scope="col" className="cc-number">Visitors</th>
            <th scope="col" className="cc-number">Leads</th>
          </tr>
        </thead>
        <tbody>
          {list.branches.map((branch) => (
            <tr key={branch.id}>
              <th scope="row">
                <a href={sectionHref(branch.id, 'overview')}>{branch.name}</a> <span className="cc-id">{branch.id}</span>
              </th>
              <td>{branch.domains.join(', ')}</td>
              <td className="cc-number">{branch.routes}</td>
              <td className="cc-number">{branch.visitors}</td>
              <td className="cc-number">{branch.leads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
