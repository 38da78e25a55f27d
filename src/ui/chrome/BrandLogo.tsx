import { Fragment, type ReactNode } from 'react';
import type { Brand } from '../../../brands/types.ts';

/** The name with a break opportunity inside camel-case words (PolicySaver: Policy|Saver), for the narrowest phones. */
function wordmark(name: string): ReactNode {
  const parts = name.split(/(?<=[a-z])(?=[A-Z])/);
  return parts.length === 1 ? name : parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * The brand's logo in the header: the geometric mark drawn inline and the brand name as
 * text. Inline, the mark takes the page's colours (`--accent`, `--brand-accent`), so it follows
 * the visitor's colour mode with no background plate; the name is real text in the brand's
 * heading font, which wraps instead of shrinking on a narrow phone. A brand without a theme (test
 * fixtures) shows its logo image.
 */
export function BrandLogo({ brand }: { brand: Brand }) {
  const { theme } = brand;
  if (!theme) return <img className="brand-logo-image" src={brand.logo.src} alt="" width={brand.logo.width} height={brand.logo.height} />;
  return (
    <>
      <svg className="brand-mark" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <path className="brand-mark-primary" fillRule="evenodd" d={theme.mark.primary} />
        <path className="brand-mark-accent" fillRule="evenodd" d={theme.mark.accent} />
      </svg>
      <span className="brand-name">{wordmark(brand.name)}</span>
    </>
  );
}
