import type { TemplateProps } from './types.ts';

/** Control-center screens (brand ccc): the branch and child resource being looked at. */
export function ControlCenterPage({ payload }: TemplateProps) {
  const { route } = payload;
  const { branch } = route.params;
  return (
    <article className="control-center" data-block-id="control-center">
      <h1>{payload.page.title}</h1>
      <p>{branch ? `Branch ${branch}` : 'All branches'}</p>
      <nav aria-label="Control center">
        <a href="/branches">Branches</a>
        {branch ? (
          <>
            {' · '}
            <a href={`/branches/${branch}/overview`}>Overview</a> · <a href={`/branches/${branch}/pages`}>Pages</a> ·{' '}
            <a href={`/branches/${branch}/experiments`}>Experiments</a>
          </>
        ) : null}
      </nav>
    </article>
  );
}
