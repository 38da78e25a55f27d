import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrandId } from '../../brands/ids.ts';
import type { Brand } from '../../brands/types.ts';
import { brandCoverage } from '../../cli/coverage.ts';
import type { PageConfig } from '../../src/core/pages/types.ts';
import type { RouteDefinition } from '../../src/core/router/route.ts';

function brand(id: BrandId, name: string): Brand {
  const image = { src: `/static/brands/${id}/logo.svg`, alt: name, width: 1, height: 1 };
  return {
    id, url: `https://${id}.example`, name, gtmId: 'GTM-TEST', logo: image, icon: image, favicon: image,
    domains: [`${id}.localhost`], owner: name, address: '1 Main St', state: 'DE', npn: null,
    defaultProduct: 'medicare', isAgency: false, phone: '8005550100',
  };
}

function route(name: string, brands: BrandId[], product: PageConfig['product'], language?: RouteDefinition['language']): RouteDefinition {
  return { name, path: `/${name}`, brands, ...(language ? { language } : {}), page: { template: 'landing', ...(product ? { product } : {}) } };
}

const BRANDS = [brand('ac', 'American Coverage'), brand('tqg', 'The Quote Guys'), brand('ccc', 'Control Center'), brand('sd', 'Senior Doc')];
const ROUTES: RouteDefinition[] = [
  route('otc', ['ac', 'sd'], 'medicare'),
  route('otc-es', ['ac'], 'medicare', 'spanish'),
  route('auto', ['tqg'], 'auto', 'english'),
  route('life', ['ac'], 'life'),
  route('tos', ['ac', 'tqg'], undefined),
  route('cc', ['ccc'], undefined),
];

describe('brandCoverage', () => {
  const rows = brandCoverage(ROUTES, BRANDS);
  const cases: { brand: BrandId; total: number; byProduct: Record<string, number>; byLanguage: Record<string, number> }[] = [
    { brand: 'ac', total: 4, byProduct: { medicare: 2, auto: 0, health: 0, life: 1, none: 1 }, byLanguage: { english: 3, spanish: 1 } },
    { brand: 'tqg', total: 2, byProduct: { medicare: 0, auto: 1, health: 0, life: 0, none: 1 }, byLanguage: { english: 2, spanish: 0 } },
    { brand: 'ccc', total: 1, byProduct: { medicare: 0, auto: 0, health: 0, life: 0, none: 1 }, byLanguage: { english: 1, spanish: 0 } },
    { brand: 'sd', total: 1, byProduct: { medicare: 1, auto: 0, health: 0, life: 0, none: 0 }, byLanguage: { english: 1, spanish: 0 } },
  ];
  for (const expected of cases) {
    test(`counts ${expected.brand} by product (none without one) and by language (english by default)`, () => {
      const row = rows.find((candidate) => candidate.brand === expected.brand);
      assert.deepEqual(row && { brand: row.brand, total: row.total, byProduct: row.byProduct, byLanguage: row.byLanguage }, expected);
    });
  }

  test('orders brands by route count, ties in registry order, and keeps the brand name', () => {
    assert.deepEqual(rows.map((row) => [row.brand, row.name]), [
      ['ac', 'American Coverage'],
      ['tqg', 'The Quote Guys'],
      ['ccc', 'Control Center'],
      ['sd', 'Senior Doc'],
    ]);
  });

  test('a brand no route lists is kept with zero counts', () => {
    const [row] = brandCoverage([], [brand('wc', 'WC')]);
    assert.equal(row?.total, 0);
    assert.deepEqual(Object.values(row?.byProduct ?? {}), [0, 0, 0, 0, 0]);
  });
});
