import { href } from '../../../core/router/route-patterns.ts';
import { sectionHref, sectionLabel, type BranchSection } from './sections.ts';

/** Where the screen sits: Control center › Branches › branch › section › item, the last one current. */
export function Breadcrumbs({ branch, branchName, section, child }: { branch?: string | undefined; branchName?: string | undefined; section?: BranchSection | undefined; child?: string | undefined }) {
  const trail: Array<[label: string, href: string]> = [['Branches', href('cc-branches')]];
  if (branch) {
    trail.push([branchName ?? branch, sectionHref(branch, 'overview')]);
    if (section && section !== 'overview') trail.push([sectionLabel(section), sectionHref(branch, section)]);
    if (child) trail.push([child, '']);
  }
  return (
    <nav aria-label="Breadcrumb" className="cc-breadcrumb">
      <ol>
        {trail.map(([label, href], index) => {
          const last = index === trail.length - 1;
          return <li key={`${index}-${label}`}>{last ? <span aria-current="page">{label}</span> : <a href={href}>{label}</a>}</li>;
        })}
      </ol>
    </nav>
  );
}
