import { lazy, Suspense } from 'react';
import { SIGN_IN_CODE_STEP, SIGN_IN_FAILED_PARAM, SIGN_IN_NEXT_PARAM, SIGN_IN_STEP_PARAM } from '../../core/control-center/paths.ts';
import type { TemplateProps } from '../templates/types.ts';
import { ControlCenterFrame } from './chrome/ControlCenterFrame.tsx';
import { SCREENS } from './screens.ts';
import { SignInCodeForm } from './SignInCodeForm.tsx';
import { SignInForm } from './SignInForm.tsx';

/** The sign-in page's route name (routes.ts). */
const SIGN_IN_ROUTE = 'cc-sign-in';

/** The signed-in chrome (branch switcher, account, navigation): a chunk of its own with the UI kit. */
const Workspace = lazy(() => import('./chrome/Workspace.tsx'));

/** What shows while a chunk loads. */
const loading = <p aria-live="polite">Loading…</p>;

/**
 * Control-center pages (brand ccc). The sign-in page (email and password, or with `?step=code`
 * the second factor's code) is rendered here in the minimal chrome and works without JavaScript; every other page is its route's screen inside the lazily loaded
 * workspace chrome. The root index is keyed by the `?branch=` query parameter. The default
 * export: the page template loads it as a chunk of its own (templates/index.ts).
 */
export default function ControlCenterPage({ payload }: TemplateProps) {
  const { route, page } = payload;
  if (route.name === SIGN_IN_ROUTE) {
    return (
      <ControlCenterFrame>
        <article className="cc-sign-in-page" data-block-id="control-center">
          <h1>{page.headline ?? page.title}</h1>
          {route.params[SIGN_IN_STEP_PARAM] === SIGN_IN_CODE_STEP ? (
            <SignInCodeForm next={route.params[SIGN_IN_NEXT_PARAM]} failed={route.params[SIGN_IN_FAILED_PARAM] === '1'} />
          ) : (
            <SignInForm next={route.params[SIGN_IN_NEXT_PARAM]} failed={route.params[SIGN_IN_FAILED_PARAM] === '1'} />
          )}
        </article>
      </ControlCenterFrame>
    );
  }
  const Screen = SCREENS[route.name];
  return (
    <Suspense fallback={<ControlCenterFrame>{loading}</ControlCenterFrame>}>
      <Workspace payload={payload}>
        {Screen ? (
          <Suspense fallback={loading}>
            <Screen payload={payload} />
          </Suspense>
        ) : (
          <p>This section has nothing to show yet.</p>
        )}
      </Workspace>
    </Suspense>
  );
}
