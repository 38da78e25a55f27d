import { Select } from '../kit/Select.tsx';
import { useBranchList } from '../use-branch-list.ts';
import { sectionHref, type BranchSection } from './sections.ts';

/**
 * The header's branch switcher: a select of every site brand (the control center excluded).
 * Choosing one opens the same section of that branch.
 */
export function BranchSwitcher({ branch, section }: { branch: string | undefined; section: BranchSection | undefined }) {
  const list = useBranchList();
  const loaded = list && !(list instanceof Error) ? list.branches.map((item) => ({ value: item.id, label: `${item.name} (${item.id})` })) : [];
  // Until the list arrives the current branch is still shown.
  const options = branch && !loaded.some((option) => option.value === branch) ? [{ value: branch, label: branch }, ...loaded] : loaded;
  return (
    <div className="cc-switcher">
      <span id="cc-switcher-label">Branch</span>
      <Select
        label="Branch"
        labelledBy="cc-switcher-label"
        value={branch}
        placeholder="Choose a branch"
        options={options}
        onValueChange={(next) => window.location.assign(sectionHref(next, section ?? 'overview'))}
      />
    </div>
  );
}
