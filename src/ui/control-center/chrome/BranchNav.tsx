import { BRANCH_SECTIONS, sectionHref, type BranchSection } from './sections.ts';

/** The branch's sections, the current one marked with aria-current. */
export function BranchNav({ branch, current }: { branch: string; current: BranchSection | undefined }) {
  return (
    <nav className="cc-nav" aria-label="Branch sections">
      <ul>
        {BRANCH_SECTIONS.map(([segment, label]) => (
          <li key={segment}>
            <a href={sectionHref(branch, segment)} aria-current={segment === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
