import type { TemplateProps } from './types.ts';

/** A content page: headline, subheadline, image, body copy and a call to action. */
export function ContentPage({ payload }: TemplateProps) {
  const { page } = payload;
  return (
    <article className={`content-page template-${page.template}`} data-block-id="content">
      <header className="hero">
        <h1>{page.headline ?? page.title}</h1>
        {page.subheadline ? <p className="subheadline">{page.subheadline}</p> : null}
        {page.destination && page.cta ? (
          <a className="button button-primary" href={page.destination}>
            {page.cta}
          </a>
        ) : null}
      </header>
      {page.image ? <img className="hero-image" src={page.image.src} alt={page.image.alt} width={page.image.width} height={page.image.height} /> : null}
      {page.body?.map((paragraph, index) => <p key={index}>{paragraph}</p>)}
    </article>
  );
}
