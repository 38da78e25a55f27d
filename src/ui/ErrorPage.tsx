import type { ErrorPayload } from '../core/payload/types.ts';
import { href } from '../core/router/route-patterns.ts';

/** The not-found and generic error pages: status code, status message and description (spec §2). */
export function ErrorPage({ payload }: { payload: ErrorPayload }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code">{payload.status}</p>
      <h1 id="error-title">{payload.statusMessage}</h1>
      <p className="error-description">{payload.description}</p>
      <p>
        <a className="button" href={href('index')}>
          Go to the home page
        </a>
      </p>
    </section>
  );
}
