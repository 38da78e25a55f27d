/** The control center's root: a branch's overview when `?branch=ID` names one (spec §2), else the branch list. */
import type { ScreenProps } from '../screen-props.ts';
import BranchesScreen from './BranchesScreen.tsx';
import OverviewScreen from './OverviewScreen.tsx';

/** The root screen. */
export default function IndexScreen({ payload }: ScreenProps) {
  return payload.route.params.branch ? <OverviewScreen payload={payload} /> : <BranchesScreen />;
}
