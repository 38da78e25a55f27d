/**
 * The sections of a branch in navigation order, and which one a control-center route
 * belongs to, so the navigation can mark it and the branch switcher can keep it.
 */
import { href } from '../../../core/router/route-patterns.ts';

/** [path segment under /branches/{branch}/ and route name after `cc-`, label]. */
export const BRANCH_SECTIONS = [
  ['overview', 'Overview'],
  ['pages', 'Pages'],
  ['images', 'Images'],
  ['articles', 'Articles'],
  ['leads', 'Leads'],
  ['experiments', 'Experiments'],
  ['phone-rules', 'Phone rules'],
  ['content-factory', 'Content factory'],
] as const;

/** A section's path segment. */
export type BranchSection = (typeof BRANCH_SECTIONS)[number][0];

/** Routes that show a branch's overview: the root with ?branch=, /branches/{b} and …/overview. */
const OVERVIEW_ROUTES = new Set(['cc-index', 'cc-branch', 'cc-overview']);

/** The section a route belongs to (`cc-page` → pages, `cc-content-factory-runs` → content-factory), else undefined. */
export function sectionOf(routeName: string): BranchSection | undefined {
  if (OVERVIEW_ROUTES.has(routeName)) return 'overview';
  const rest = routeName.replace(/^cc-/, '');
  return BRANCH_SECTIONS.find(([segment]) => rest === segment || rest === segment.replace(/s$/, '') || rest.startsWith(`${segment}-`))?.[0];
}

/** The label of a section. */
export function sectionLabel(section: BranchSection): string {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- BranchSection is the type of BRANCH_SECTIONS' first entries, so one matches
  return BRANCH_SECTIONS.find(([segment]) => segment === section)![1];
}

/** The address of a branch's section: its route is `cc-{section}` (`cc-overview`, `cc-pages`, …). */
export function sectionHref(branch: string, section: BranchSection): string {
  return href(`cc-${section}`, { branch });
}
