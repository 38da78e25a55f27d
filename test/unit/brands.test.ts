import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { z } from 'zod';
import { AGENCY_NPN } from '../../brands/agency.ts';
import { createHostLookup } from '../../brands/host-lookup.ts';
import { BRAND_IDS } from '../../brands/ids.ts';
import { BRANDS, brandById, brandForHost } from '../../brands/index.ts';
import { assertBrandsMatchIds } from '../../brands/registry-check.ts';
import { FONT_STACKS } from '../../brands/fonts.ts';
import { logoSize, logoSvg, markSvg } from '../../brands/logo-svg.ts';
import type { Brand } from '../../brands/types.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const IMAGE_KINDS = ['logo', 'icon', 'favicon'] as const;

const imageSchema = z.strictObject({
  src: z.string().regex(/^\/static\/brands\/[a-z0-9]+\/(logo|icon|favicon)\.svg$/),
  alt: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const hex = z.string().regex(/^#[0-9a-f]{6}$/);
const paletteSchema = z.strictObject({
  background: hex, surface: hex, text: hex, muted: hex, primary: hex, onPrimary: hex, primaryHover: hex, accent: hex, border: hex,
});
/** SVG path data within the 48×48 mark box: commands and numbers only. */
const svgPath = z.string().regex(/^[MLHVCSQTAZmlhvcsqtaz0-9 .,-]+$/).refine((d) => d.match(/-?\d+(\.\d+)?/g)!.every((n) => Number(n) >= -48 && Number(n) <= 48), 'coordinates within the 48×48 box');

const brandSchema = z.strictObject({
  id: z.enum(BRAND_IDS),
  url: z.string().regex(/^https:\/\/[a-z0-9.-]+\.[a-z]+$/),
  name: z.string().min(1),
  gtmId: z.string().regex(/^GTM-[A-Z0-9]{7}$/),
  measurementId: z.string().regex(/^G-[A-Z0-9]{10}$/).optional(),
  logo: imageSchema,
  icon: imageSchema,
  favicon: imageSchema,
  domains: z.array(z.string().min(1)).min(1),
  owner: z.string().regex(/\b(LLC|Inc)\.?$/),
  address: z.string().regex(/^\d+ [^,]+(, Suite \d+)?, [A-Za-z .]+, [A-Z]{2} \d{5}$/),
  state: z.string().regex(/^[A-Z]{2}$/),
  npn: z.string().regex(/^\d{8}$/).nullable(),
  defaultProduct: z.enum(['medicare', 'auto', 'health', 'life']),
  isAgency: z.boolean(),
  // The development default only: deployments set BRAND_PHONE_<ID> (src/server/marketplace/phones-env.ts).
  phone: z.string().regex(/^[2-9]\d{2}55501\d{2}$/, '10 digits in the fictional 555-01xx range'),
  // The carriers the trust strip names; test/unit/trust.test.ts checks them against the content.
  carriers: z.partialRecord(z.enum(['medicare', 'auto', 'health', 'life']), z.array(z.strictObject({ name: z.string().min(1), review: z.string().regex(/^\/reviews\/[a-z0-9-]+$/).optional() })).min(3)).optional(),
  theme: z.strictObject({
    light: paletteSchema,
    dark: paletteSchema,
    mark: z.strictObject({ primary: svgPath, accent: svgPath }),
    type: z.strictObject({ headingFont: z.enum(['sans', 'serif']), h1: z.number().min(1.5).max(2.2), h2: z.number().min(1.25).max(1.8) }),
  }),
});

const window = new Window();
after(() => window.happyDOM.close());

/** Parses an SVG file strictly as XML; fails the test on any well-formedness error. */
function readSvg(src: string): Element {
  const document = new window.DOMParser().parseFromString(readFileSync(REPO_ROOT + src.slice(1), 'utf8'), 'image/svg+xml');
  const error = document.querySelector('parsererror');
  assert.equal(error, null, `${src} is not well-formed XML: ${error?.textContent}`);
  return document.documentElement as unknown as Element;
}

describe('brand data', () => {
  test('BRANDS holds every brand id once, in BRAND_IDS order', () => {
    assert.deepEqual(BRANDS.map((brand) => brand.id), [...BRAND_IDS]);
  });

  for (const brand of BRANDS) {
    test(`${brand.id}: every field has the right shape`, () => {
      const result = brandSchema.safeParse(brand);
      assert.ok(result.success, JSON.stringify(result.error?.issues));
    });

    test(`${brand.id}: domains are primary, www, wildcard and local; url is the primary domain`, () => {
      const primary = brand.url.slice('https://'.length);
      assert.deepEqual(brand.domains, [primary, `www.${primary}`, `*.${primary}`, `${brand.id}.localhost`]);
    });

    test(`${brand.id}: brandById finds it`, () => {
      assert.equal(brandById(brand.id), brand);
    });
  }

  test('brandById returns undefined for an unknown id', () => {
    assert.equal(brandById('nope'), undefined);
  });

  test('phones, names, GTM ids and measurement ids are distinct per brand', () => {
    for (const field of ['phone', 'name', 'gtmId', 'url'] as const) {
      assert.equal(new Set(BRANDS.map((brand) => brand[field])).size, BRANDS.length, field);
    }
    const measurementIds = BRANDS.flatMap((brand) => (brand.measurementId ? [brand.measurementId] : []));
    assert.equal(new Set(measurementIds).size, measurementIds.length);
  });

  test('only some brands have a measurement id', () => {
    const withId = BRANDS.filter((brand) => brand.measurementId !== undefined).length;
    assert.ok(withId > 0 && withId < BRANDS.length, `${withId} of ${BRANDS.length}`);
  });

  test('agencies share the one agency npn and legal entity; non-agencies have npn null', () => {
    assert.match(AGENCY_NPN, /^\d{8}$/);
    const agencies = BRANDS.filter((brand) => brand.isAgency);
    const others = BRANDS.filter((brand) => !brand.isAgency);
    assert.ok(agencies.length > 1 && others.length > 0, 'both agencies and non-agencies exist');
    for (const brand of agencies) assert.equal(brand.npn, AGENCY_NPN, brand.id);
    for (const brand of others) assert.equal(brand.npn, null, brand.id);
    assert.equal(new Set(agencies.map((brand) => `${brand.owner}|${brand.address}|${brand.state}`)).size, 1);
  });

  test('exactly one health brand, exactly one life brand; tqg and ps are auto; the rest medicare', () => {
    const idsWith = (product: Brand['defaultProduct']) =>
      BRANDS.filter((brand) => brand.defaultProduct === product).map((brand) => brand.id);
    assert.equal(idsWith('health').length, 1);
    assert.equal(idsWith('life').length, 1);
    assert.deepEqual(idsWith('auto'), ['tqg', 'ps']);
    assert.equal(idsWith('medicare').length, BRANDS.length - 4);
  });
});

describe('brand images', () => {
  for (const brand of BRANDS) {
    for (const kind of IMAGE_KINDS) {
      const image = brand[kind];
      test(`${brand.id} ${kind}: ${image.src} exists and matches its Brand fields`, () => {
        assert.equal(image.src, `/static/brands/${brand.id}/${kind}.svg`);
        assert.equal(image.alt, `${brand.name} ${kind}`);
        const svg = readSvg(image.src);
        assert.equal(svg.tagName.toLowerCase(), 'svg');
        assert.equal(svg.getAttribute('width'), String(image.width));
        assert.equal(svg.getAttribute('height'), String(image.height));
        assert.equal(svg.getAttribute('viewBox'), `0 0 ${image.width} ${image.height}`);
        assert.equal(svg.querySelector('title')?.textContent, image.alt);
        if (kind !== 'logo') assert.equal(image.width, image.height, 'square');
      });

      test(`${brand.id} ${kind}: drawn from the brand's theme (scripts/brand-logos.ts is up to date)`, () => {
        const theme = brand.theme!;
        const expected = kind === 'logo' ? logoSvg({ ...brand, theme }) : markSvg(image, theme);
        assert.equal(readFileSync(REPO_ROOT + image.src.slice(1), 'utf8'), expected, 'run npx tsx scripts/brand-logos.ts');
      });

      test(`${brand.id} ${kind}: transparent, and coloured for both modes`, () => {
        const svg = readSvg(image.src);
        // No plate: nothing but the mark's two paths (and the wordmark) is drawn.
        assert.deepEqual([...svg.querySelectorAll('rect, circle, ellipse, image')].length, 0);
        assert.deepEqual([...svg.querySelectorAll('path')].map((path) => path.getAttribute('class')), ['p', 'a']);
        const style = svg.querySelector('style')?.textContent ?? '';
        const theme = brand.theme!;
        assert.ok(style.startsWith(`.p{fill:${theme.light.primary}}.a{fill:${theme.light.accent}}`), style);
        assert.ok(style.includes(`@media (prefers-color-scheme:dark){.p{fill:${theme.dark.primary}}.a{fill:${theme.dark.accent}}`), style);
      });
    }

    test(`${brand.id}: the logo is the mark and the brand name in a system font, sized as the brand says`, () => {
      const svg = readSvg(brand.logo.src);
      const texts = [...svg.querySelectorAll('text')];
      assert.equal(texts.length, 1);
      assert.equal(texts[0]!.textContent, brand.name);
      assert.equal(texts[0]!.getAttribute('font-family'), FONT_STACKS[brand.theme!.type.headingFont]);
      assert.deepEqual(logoSize(brand.name, brand.theme!), { width: brand.logo.width, height: brand.logo.height });
      const style = svg.querySelector('style')?.textContent ?? '';
      assert.ok(style.includes(`.t{fill:${brand.theme!.light.text}}`) && style.includes(`.t{fill:${brand.theme!.dark.text}}`), style);
    });
  }
});

describe('brandForHost', () => {
  const cases: ReadonlyArray<[host: string, expected: string | undefined]> = [
    ['americancoverage.com', 'ac'],
    ['www.americancoverage.com', 'ac'],
    ['quotes.americancoverage.com', 'ac'],
    ['a.b.c.thequoteguide.com', 'tqg'],
    ['policysaver.com', 'ps'],
    ['americancoverage.com:8443', 'ac'],
    ['WWW.AskEmily.COM', 'emily'],
    ['askemily.com.', 'emily'],
    ['askemily.com.:443', 'emily'],
    ['  seniordirect.com  ', 'sd'],
    ['ccc.localhost:3000', 'ccc'],
    ['bridge.localhost', 'bridge'],
    ['M10.LOCALHOST', 'm10'],
    ['localhost', undefined],
    ['localhost:3000', undefined],
    ['unknown.localhost', undefined],
    ['example.com', undefined],
    ['americancoverage.com.evil.net', undefined],
    ['evilamericancoverage.com', undefined],
    ['com', undefined],
    ['[::1]:3000', undefined],
    ['', undefined],
  ];
  for (const [host, expected] of cases) {
    test(`${JSON.stringify(host)} -> ${expected ?? 'undefined'}`, () => {
      assert.equal(brandForHost(host)?.id, expected);
    });
  }

  test('every listed exact and local domain resolves to its own brand', () => {
    for (const brand of BRANDS) {
      for (const domain of brand.domains.filter((name) => !name.startsWith('*.'))) {
        assert.equal(brandForHost(domain), brand, domain);
      }
    }
  });
});

describe('createHostLookup', () => {
  const ac = BRANDS[0] as Brand;
  const emily = BRANDS[1] as Brand;
  const withDomains = (brand: Brand, domains: string[]): Brand => ({ ...brand, domains });

  test('exact beats wildcard, and the nearest wildcard parent wins', () => {
    const lookup = createHostLookup([
      withDomains(ac, ['*.example.com', 'ac.localhost']),
      withDomains(emily, ['shop.example.com', '*.deep.example.com', 'emily.localhost']),
    ]);
    const cases: ReadonlyArray<[string, string | undefined]> = [
      ['shop.example.com', 'emily'],
      ['x.shop.example.com', 'ac'],
      ['x.deep.example.com', 'emily'],
      ['deep.example.com', 'ac'],
      ['example.com', undefined],
    ];
    for (const [host, expected] of cases) assert.equal(lookup(host)?.id, expected, host);
  });

  const invalid: ReadonlyArray<[name: string, brands: Brand[], message: RegExp]> = [
    ['a domain claimed by two brands', [withDomains(ac, ['same.com']), withDomains(emily, ['same.com'])], /"same\.com" is claimed by two brands: ac and emily/],
    ['a wildcard claimed by two brands', [withDomains(ac, ['*.same.com']), withDomains(emily, ['*.same.com'])], /"\*\.same\.com" is claimed by two brands/],
    ['a domain listed twice by one brand', [withDomains(ac, ['a.com', 'a.com'])], /ac: domain "a\.com" is listed twice/],
    ['a local host of another id', [withDomains(ac, ['emily.localhost'])], /ac: local host must be "ac\.localhost"/],
    ['an upper-case domain', [withDomains(ac, ['Example.com'])], /ac: domain "Example\.com" is not a lower-case host name/],
    ['a wildcard over a top-level domain', [withDomains(ac, ['*.com'])], /ac: domain "\*\.com"/],
    ['a domain with a port', [withDomains(ac, ['example.com:80'])], /ac: domain "example\.com:80"/],
  ];
  for (const [name, brands, message] of invalid) {
    test(`throws on ${name}`, () => {
      assert.throws(() => createHostLookup(brands), message);
    });
  }
});

describe('assertBrandsMatchIds', () => {
  test('accepts the real registry', () => {
    assert.doesNotThrow(() => assertBrandsMatchIds(BRANDS));
  });

  const [first, second, ...rest] = BRANDS as [Brand, Brand, ...Brand[]];
  const invalid: ReadonlyArray<[name: string, brands: Brand[], message: RegExp]> = [
    ['a missing brand', [second, ...rest], /missing: ac/],
    ['a duplicated brand', [first, first, second, ...rest], /listed more than once: ac/],
    ['an id outside BRAND_IDS', [...BRANDS, { ...first, id: 'zz' as Brand['id'] }], /not in BRAND_IDS: zz/],
    ['a module exporting the wrong id', [{ ...first, id: 'emily' }, second, ...rest], /missing: ac; listed more than once: emily/],
    ['the wrong order', [second, first, ...rest], /out of order at position 0: emily where ac belongs/],
  ];
  for (const [name, brands, message] of invalid) {
    test(`throws on ${name}`, () => {
      assert.throws(() => assertBrandsMatchIds(brands), message);
    });
  }
});
