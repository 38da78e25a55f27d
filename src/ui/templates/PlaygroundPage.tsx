import type { ReactNode } from 'react';
import type { Brand } from '../../../brands/types.ts';
import { fillBrandFacts } from '../../core/content/brand-view.ts';
import type { PageSection } from '../../core/pages/types.ts';
import { href } from '../../core/router/route-patterns.ts';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { CallToAction } from './blocks/CallToAction.tsx';
import { PageHero } from './blocks/PageHero.tsx';
import type { TemplateProps } from './types.ts';

/** The type scale as rendered: samples are paragraphs styled like headings, so the page keeps one h1. */
const TYPE_SAMPLES = [
  { className: 'type-sample-h1', label: 'Page heading', size: '1.9 rem' },
  { className: 'type-sample-h2', label: 'Section heading', size: '1.45 rem' },
  { className: 'type-sample-intro', label: 'Intro line', size: '1.15 rem' },
  { className: 'type-sample-body', label: 'Body text', size: '1 rem (18 px)' },
  { className: 'type-sample-small', label: 'Small print', size: '0.85 rem' },
] as const;

/** The colour tokens of styles.css, named for their job; swatches read the live value of the current mode. */
const COLOUR_TOKENS = [
  { token: '--bg', label: 'Page background' },
  { token: '--fg', label: 'Text' },
  { token: '--muted', label: 'Secondary text' },
  { token: '--accent', label: 'Links and primary buttons' },
  { token: '--accent-hover', label: 'Hovered links and buttons' },
  { token: '--accent-fg', label: 'Text on primary buttons' },
  { token: '--surface', label: 'Footer and panels' },
  { token: '--border', label: 'Borders' },
  { token: '--error', label: 'Errors' },
  { token: '--focus', label: 'Focus ring' },
] as const;

/** The live demo under each playground section, by section id. */
const DEMOS: Record<string, () => ReactNode> = {
  typography: () => (
    <div className="type-scale">
      {TYPE_SAMPLES.map((sample) => (
        <p key={sample.className} className={`type-sample ${sample.className}`}>
          {sample.label} <span className="type-sample-size">{sample.size}</span>
        </p>
      ))}
    </div>
  ),
  buttons: () => (
    <div className="button-row">
      <button type="button" className="button button-primary">
        Primary action
      </button>
      <button type="button" className="button">
        Secondary action
      </button>
      <a className="button" href={href('index')}>
        Link styled as a button
      </a>
      <button type="button" className="button" disabled>
        Unavailable
      </button>
    </div>
  ),
  colours: () => (
    <ul className="swatch-list">
      {COLOUR_TOKENS.map(({ token, label }) => (
        <li key={token}>
          <span className="swatch" style={{ background: `var(${token})` }} aria-hidden="true" />
          <code>{token}</code> <span>{label}</span>
        </li>
      ))}
    </ul>
  ),
};

function PlaygroundSection({ section, brand }: { section: PageSection; brand: Brand }) {
  const demo = DEMOS[section.id];
  return (
    <section id={section.id} className="page-section" aria-labelledby={`${section.id}-heading`} data-block-id={`playground-${section.id}`}>
      <h2 id={`${section.id}-heading`}>{section.heading}</h2>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index}>{fillBrandFacts(paragraph, brand)}</p>
      ))}
      {demo ? demo() : null}
    </section>
  );
}

/** The m10 design playground: the type scale, buttons and colour swatches, rendered with the site's styles. */
export function PlaygroundPage({ payload }: TemplateProps) {
  const { page, brand } = payload;
  return (
    <article className="content-page template-playground" data-block-id="playground">
      <PageHero page={page} brand={brand} showCta={false} />
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      {page.sections?.map((section) => <PlaygroundSection key={section.id} section={section} brand={brand} />)}
      {/* A div, not a p: inside working hours the call to action is a row of two links in a div. */}
      <div className="playground-cta">
        <CallToAction page={page} brand={brand} blockId="playground-cta" />
      </div>
    </article>
  );
}
