/**
 * The control center's chrome around every signed-in screen: the
 * header with the branch switcher and the account, the branch navigation, breadcrumbs and the
 * screen's heading. Loaded lazily with Radix, so none of it reaches a visitor's bundle.
 */
import type { ReactNode } from 'react';
import type { PagePayload } from '../../../core/payload/types.ts';
import { TooltipProvider } from '../kit/Tooltip.tsx';
import { useBranchList } from '../use-branch-list.ts';
import { AccountBar } from './AccountBar.tsx';
import { BranchNav } from './BranchNav.tsx';
import { BranchSwitcher } from './BranchSwitcher.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ControlCenterFrame } from './ControlCenterFrame.tsx';
import { sectionOf } from './sections.ts';

/** The item a child route is about (a page, image, article, lead, experiment or run). */
function childOf(params: PagePayload['route']['params']): string | undefined {
  return params.page ?? params.image ?? params.article ?? params.lead ?? params.experiment ?? params.run;
}

/** The signed-in chrome around `children` (the route's screen). */
export default function Workspace({ payload, children }: { payload: PagePayload; children: ReactNode }) {
  const { route, page } = payload;
  const branch = route.params.branch || undefined;
  const section = branch ? sectionOf(route.name) : undefined;
  const child = childOf(route.params);
  const list = useBranchList();
  const branchName = list && !(list instanceof Error) ? list.branches.find((item) => item.id === branch)?.name : undefined;
  return (
    <TooltipProvider>
      <ControlCenterFrame
        header={
          <>
            <BranchSwitcher branch={branch} section={section} />
            <AccountBar />
          </>
        }
        nav={branch ? <BranchNav branch={branch} current={section} /> : undefined}
      >
        <Breadcrumbs branch={branch} branchName={branchName} section={section} child={child} />
        <h1>
          {page.headline ?? page.title}
          {branch && !child ? `: ${branchName ?? branch}` : ''}
          {child ? `: ${child}` : ''}
        </h1>
        {children}
      </ControlCenterFrame>
    </TooltipProvider>
  );
}
