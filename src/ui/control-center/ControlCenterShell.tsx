import type { ReactNode } from 'react';
import type { Payload } from '../../core/payload/types.ts';
import { ControlCenterFrame } from './chrome/ControlCenterFrame.tsx';

/** Props of {@link ControlCenterShell}. */
export interface ControlCenterShellProps {
  payload: Payload;
  /** The page or error page, as the app renders it for any brand. */
  children: ReactNode;
}

/**
 * The control center's chrome around a page: its screens bring their
 * own frame (account bar, branch navigation); its error pages and other pages (terms, privacy)
 * get the bare one. The default export: the app loads it as a chunk of its own on control-center
 * pages only, so no visitor page carries control-center code.
 */
export default function ControlCenterShell({ payload, children }: ControlCenterShellProps) {
  if (payload.kind === 'page' && payload.page.template === 'control-center') return children;
  return <ControlCenterFrame>{children}</ControlCenterFrame>;
}
