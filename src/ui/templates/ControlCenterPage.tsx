import { useSyncExternalStore } from 'react';
import { AUTH_NOT_READY, useRuntime } from '../runtime.tsx';
import type { TemplateProps } from './types.ts';

/** The sections of a branch, in the control center's navigation order. */
const BRANCH_SECTIONS = [
  ['overview', 'Overview'],
  ['pages', 'Pages'],
  ['images', 'Images'],
  ['articles', 'Articles'],
  ['experiments', 'Experiments'],
  ['phone-rules', 'Phone rules'],
  ['content-factory', 'Content factory'],
] as const;

/** The signed-in user (spec §1: a user object is all that is shown), or a note that nobody is. */
function SessionBar() {
  const { auth } = useRuntime();
  const state = useSyncExternalStore(auth.subscribe, auth.getSnapshot, () => AUTH_NOT_READY);
  if (!state.ready) return <p className="cc-session" aria-live="polite">Checking your session…</p>;
  if (!state.loggedIn || !state.user) return <p className="cc-session" aria-live="polite">You are not signed in.</p>;
  return (
    <p className="cc-session" aria-live="polite">
      Signed in as <strong>{state.user.name}</strong> ({state.user.email}){' '}
      <button type="button" className="button" onClick={() => void auth.signOut()}>
        Sign out
      </button>
    </p>
  );
}

/**
 * Control-center screens (brand ccc): where in the branch tree the visitor is, the branch's
 * sections, and the session. The root index is keyed by the `?branch=` query parameter.
 */
export function ControlCenterPage({ payload }: TemplateProps) {
  const { route, page } = payload;
  const { branch } = route.params;
  const child = route.params.page ?? route.params.image ?? route.params.experiment ?? route.params.run;
  return (
    <article className="control-center" data-block-id="control-center">
      <nav aria-label="Breadcrumb" className="cc-breadcrumb">
        <a href="/">Control center</a>
        {' › '}
        <a href="/branches">Branches</a>
        {branch ? (
          <>
            {' › '}
            <a href={`/branches/${encodeURIComponent(branch)}`}>{branch}</a>
          </>
        ) : null}
      </nav>
      <h1>
        {page.headline ?? page.title}
        {child ? `: ${child}` : ''}
      </h1>
      <SessionBar />
      {branch ? (
        <nav aria-label="Branch sections">
          <ul className="cc-sections">
            {BRANCH_SECTIONS.map(([segment, label]) => (
              <li key={segment}>
                <a href={`/branches/${encodeURIComponent(branch)}/${segment}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p>Choose a branch to manage its pages, images, articles, experiments, phone rules and content factory.</p>
      )}
    </article>
  );
}
