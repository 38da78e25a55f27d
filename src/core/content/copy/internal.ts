/** Copy for the internal pages: the m10 design playground, the test page and the control center. */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The internal themes. */
export const INTERNAL_THEMES: Record<Extract<Theme, 'playground' | 'test' | 'control-center'>, ThemeContent> = {
  playground: {
    benefits: [],
    planTypes: [],
    image: 'playground',
    copy: {
      english: {
        title: 'Design playground',
        description:
          'The design playground: the type scale, buttons and colour tokens our pages are built from, rendered live with the site’s own styles.',
        headline: 'Design playground',
        subheadline: 'The building blocks of our pages, rendered live with the site’s own styles.',
        body: [
          'This page shows the typography scale, buttons and colour swatches that every page on {brandName} is built from. It lets designers, writers and engineers check a change in one place before it reaches visitors.',
          'Everything here uses the same style sheet as the rest of the site. Most of our visitors are older adults, so body text starts at 18 pixels, buttons are at least 48 pixels tall, and every colour pair meets WCAG 2.2 AA contrast in both light and dark mode.',
          'Switch your device or browser to dark mode to see the dark palette. This page is not indexed by search engines and carries no campaign codes.',
        ],
        cta: 'Back to the home page',
        destination: '/',
        sections: [
          {
            id: 'typography',
            heading: 'Typography scale',
            paragraphs: [
              'A short scale keeps pages calm and readable on small phones: one large page heading, section headings, an intro line and body text. Line height stays generous for readers who use screen magnifiers.',
            ],
          },
          {
            id: 'buttons',
            heading: 'Buttons',
            paragraphs: [
              'The primary button carries the one main action of a page; the secondary button is for everything else. Both are at least 48 pixels tall with a visible focus ring, and links styled as buttons behave like links.',
            ],
          },
          {
            id: 'colours',
            heading: 'Colour swatches',
            paragraphs: [
              'Colours are named for their job, not their hue, so the same names work in light and dark mode. Each swatch below shows the live value of the current mode.',
            ],
          },
        ],
      },
    },
  },

  test: {
    benefits: [],
    planTypes: [],
    image: 'playground',
    copy: {
      english: {
        title: 'Test page',
        description:
          'A simple page used to check that the site, its styles and its tracking work from end to end. It is not meant for visitors.',
        headline: 'Test page',
        subheadline: 'If you can read this, the page rendered correctly.',
        body: [
          'This page exists so that monitoring, deployments and people can confirm that {brandName} is up: the server answered, the brand was recognised and the page template rendered.',
          'It uses the same header, footer, styles and tracking as every other page, but it has no form and no campaign codes, and search engines are asked not to index it.',
          'If you reached this page by accident, the button below takes you to the home page.',
        ],
        cta: 'Go to the home page',
        destination: '/',
      },
    },
  },

  'control-center': {
    benefits: [],
    planTypes: [],
    image: 'playground',
    copy: {
      english: {
        title: 'Control center',
        description:
          'The internal control center: branches, pages, images, articles, experiments, phone rules and the content factory for every brand.',
        headline: 'Control center',
        subheadline: 'Manage branches, pages, experiments and phone rules.',
        body: [
          'The control center is where staff manage the content of every brand, one branch at a time.',
          'Each branch holds its pages, images, articles, experiments and phone rules, plus the content factory that drafts new articles.',
          'Changes are reviewed on their branch before they reach visitors.',
        ],
      },
    },
  },
};
