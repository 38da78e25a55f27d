import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import * as z from 'zod';
import { BRAND_IDS } from '../../brands/ids.ts';
import { BRANDS, brandById, brandForHost } from '../../brands/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const Image = z.object({ src: z.string().regex(/^\/static\/brands\/[a-z0-9]+\/[a-z]+\.(svg|png)$/), alt: z.string().min(3), width: z.number().int().positive(), height: z.number().int().positive() });
const BrandShape = z.strictObject({
  id: z.enum(BRAND_IDS),
  url: z.string().regex(/^https:\/\/[a-z0-9.-]+\.[a-z]+$/),
  name: z.string().min(2),
  gtmId: z.string().regex(/^GTM-[A-Z0-9]{6,8}$/),
  measurementId: z.string().regex(/^G-[A-Z0-9]{8,12}$/).optional(),
  logo: Image,
  icon: Image,
  favicon: Image,
  domains: z.array(z.string()).min(3),
  owner: z.string().min(3),
  address: z.string().regex(/\d{5}$/),
  state: z.string().regex(/^[A-Z]{2}$/),
  npn: z.string().regex(/^\d{6,10}$/).nullable(),
  defaultProduct: z.enum(['medicare', 'auto', 'health', 'life']),
  isAgency: z.boolean(),
  phone: z.string().regex(/^\d{10}$/),
});

describe('brand data', () => {
  test('the registry holds exactly the spec brand ids, in order', () => {
    assert.deepEqual(BRANDS.map((brand) => brand.id), [...BRAND_IDS]);
  });
  for (const brand of BRANDS) {
    test(`${brand.id} has every field, a real domain, a wildcard and its local host`, () => {
      BrandShape.parse(brand);
      assert.ok(brand.domains.includes(`${brand.id}.localhost`));
      assert.ok(brand.domains.some((domain) => domain.startsWith('*.')));
      assert.ok(brand.domains.includes(new URL(brand.url).host));
      assert.equal(brand.npn === null, !brand.isAgency, 'agencies have an npn, others null');
    });
    test(`${brand.id} image files exist with the declared size`, () => {
      for (const image of [brand.logo, brand.icon, brand.favicon]) {
        const svg = readFileSync(path.join(ROOT, image.src), 'utf8');
        assert.match(svg, new RegExp(`<svg[^>]*\\swidth="${image.width}"`), `${image.src} width`);
        assert.match(svg, new RegExp(`<svg[^>]*\\sheight="${image.height}"`), `${image.src} height`);
      }
    });
  }
  test('agencies share one npn', () => {
    const npns = new Set(BRANDS.filter((brand) => brand.isAgency).map((brand) => brand.npn));
    assert.equal(npns.size, 1);
  });
  test('one health brand, one life brand, tqg and ps are auto', () => {
    assert.equal(BRANDS.filter((brand) => brand.defaultProduct === 'health').length, 1);
    assert.equal(BRANDS.filter((brand) => brand.defaultProduct === 'life').length, 1);
    assert.equal(brandById('tqg')?.defaultProduct, 'auto');
    assert.equal(brandById('ps')?.defaultProduct, 'auto');
  });
  test('phone numbers are distinct', () => {
    assert.equal(new Set(BRANDS.map((brand) => brand.phone)).size, BRANDS.length);
  });
});

describe('host resolution', () => {
  const ac = brandById('ac')!;
  const primary = new URL(ac.url).host;
  const cases: [string, string | undefined][] = [
    [primary, 'ac'],
    [`www.${primary}`, 'ac'],
    [`quotes.${primary}`, 'ac'],
    [`a.b.${primary}`, 'ac'],
    [`${primary}:8443`, 'ac'],
    [primary.toUpperCase(), 'ac'],
    [`${primary}.`, 'ac'],
    ['ac.localhost:3000', 'ac'],
    ['TQG.LOCALHOST', 'tqg'],
    ['ccc.localhost', 'ccc'],
    [`evil${primary}`, undefined],
    ['example.org', undefined],
    ['localhost', undefined],
    ['localhost:3000', undefined],
    ['', undefined],
    ['nobrand.localhost', undefined],
  ];
  for (const [host, expected] of cases) {
    test(`${JSON.stringify(host)} -> ${expected ?? 'none'}`, () => assert.equal(brandForHost(host)?.id, expected));
  }
});
