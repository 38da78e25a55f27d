/**
 * The Medicare third-party marketing (TPMO) statement (CMS 42 CFR 422.2267(e)(41)) as
 * each kind of brand words it, with its counts of organizations and products from
 * src/core/content/tpmo.ts: an agency brand speaks of itself, any other brand of the licensed
 * agency it works with. Where it shows: test/server/pages/medicare-disclosure.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { fillBrandFacts } from '../../src/core/content/brand-view.ts';
import { PRODUCT_DISCLAIMERS, tpmoStatement } from '../../src/core/content/disclaimers.ts';
import { TPMO_REPRESENTATION } from '../../src/core/content/tpmo.ts';
import type { Language } from '../../src/core/pages/types.ts';

const AC = brandById('ac')!;
const EMILY = brandById('emily')!;

describe('the TPMO statement', () => {
  const rows: Array<[string, Language, string]> = [
    [
      'ac',
      'english',
      'We do not offer every plan available in your area. Currently we represent 9 organizations which offer 64 products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
    ],
    [
      'emily',
      'english',
      'The licensed insurance agency we work with does not offer every plan available in your area. Currently it represents 7 organizations which offer 48 products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
    ],
    [
      'ac',
      'spanish',
      'No ofrecemos todos los planes disponibles en su área. Actualmente representamos a 9 organizaciones que ofrecen 64 productos en su área. Comuníquese con Medicare.gov, con el 1-800-MEDICARE o con el Programa Estatal de Seguros de Salud (SHIP) de su localidad para obtener información sobre todas sus opciones.',
    ],
    [
      'emily',
      'spanish',
      'La agencia de seguros autorizada con la que trabajamos no ofrece todos los planes disponibles en su área. Actualmente representa a 7 organizaciones que ofrecen 48 productos en su área. Comuníquese con Medicare.gov, con el 1-800-MEDICARE o con el Programa Estatal de Seguros de Salud (SHIP) de su localidad para obtener información sobre todas sus opciones.',
    ],
  ];
  for (const [id, language, statement] of rows) {
    test(`${id}, ${language}`, () => {
      const brand = brandById(id)!;
      assert.equal(tpmoStatement(brand, language), statement);
      // The product small print carries it as a token, filled for the brand like any other brand fact.
      const token = language === 'english' ? '{tpmo}' : '{tpmoEs}';
      assert.ok(PRODUCT_DISCLAIMERS.medicare[language].includes(token));
      assert.equal(fillBrandFacts(token, brand), statement);
    });
  }

  test('the counts come from tpmo.ts, one source: the agency brands share their agency\'s', () => {
    assert.deepEqual(TPMO_REPRESENTATION.ac, { organizations: 9, products: 64 });
    assert.equal(TPMO_REPRESENTATION.mpa, TPMO_REPRESENTATION.ac);
    assert.match(tpmoStatement(AC, 'english', { organizations: 3, products: 12 }), /we represent 3 organizations which offer 12 products in your area/);
  });

  test('one organization or one product is singular, its verb too', () => {
    assert.match(tpmoStatement(AC, 'english', { organizations: 1, products: 1 }), /we represent 1 organization which offers 1 product in your area/);
    assert.match(tpmoStatement(EMILY, 'spanish', { organizations: 1, products: 2 }), /representa a 1 organización que ofrece 2 productos/);
  });

  test('a brand without counts (it markets no Medicare plans) gets no count sentence, the rest of the statement kept', () => {
    const statement = tpmoStatement(brandById('tqg')!, 'english');
    assert.equal(TPMO_REPRESENTATION.tqg, null);
    assert.doesNotMatch(statement, /represents?/);
    assert.match(statement, /^The licensed insurance agency we work with does not offer every plan available in your area\. Please contact Medicare\.gov/);
  });
});
