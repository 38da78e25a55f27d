import type { Brand } from '../../brands/types.ts';

/** Development index on bare localhost: every brand with a link to its local host. */
export function BrandIndex({ brands, port }: { brands: readonly Brand[]; port: number }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>cobrand – brands</title>
      </head>
      <body style={{ font: '18px/1.5 system-ui, sans-serif', margin: '2rem', background: '#fff', color: '#1a1a1a' }}>
        <h1>cobrand development server</h1>
        <p>Each brand is served on its own host name:</p>
        <ul>
          {brands.map((brand) => (
            <li key={brand.id}>
              <a href={`http://${brand.id}.localhost:${port}/`}>{brand.name}</a> ({brand.id}.localhost)
            </li>
          ))}
        </ul>
      </body>
    </html>
  );
}

/** Answer for a host that is none of our brands: say so plainly, never show another brand's site. */
export function UnknownHostPage({ host }: { host: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Unknown site</title>
      </head>
      <body style={{ font: '18px/1.5 system-ui, sans-serif', margin: '2rem', background: '#fff', color: '#1a1a1a' }}>
        <h1>Unknown site</h1>
        <p>
          The address <strong>{host || '(no host)'}</strong> is not one of the sites served here. Please check the address you
          typed.
        </p>
      </body>
    </html>
  );
}
