import type { ReactNode } from 'react';
import { href } from '../../../core/router/route-patterns.ts';

/** Props of {@link ControlCenterFrame}. */
export interface ControlCenterFrameProps {
  /** What the header holds after the title (branch switcher, account); none on the sign-in page. */
  header?: ReactNode;
  /** The branch navigation beside the work surface, when a branch is open. */
  nav?: ReactNode;
  children: ReactNode;
}

/**
 * The control center's own chrome, in place of the brand chrome: no
 * phone header, no footer or colour choice, just a compact "Control center" header, the optional
 * navigation and the work surface. Kept free of libraries: it is in the visitor bundle (the
 * sign-in page must work without JavaScript), the rest of the control center loads lazily.
 */
export function ControlCenterFrame({ header, nav, children }: ControlCenterFrameProps) {
  return (
    <div className="cc-app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="cc-header" data-block-id="cc-header">
        <a className="cc-wordmark" href={href('cc-index')}>
          Control center
        </a>
        {header}
      </header>
      <div className="cc-body">
        {nav}
        <main id="main" className="cc-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
