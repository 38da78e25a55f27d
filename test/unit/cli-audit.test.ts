import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROUTES } from '../../routes.ts';
import type { FunnelDefinition, FunnelStep } from '../../src/core/funnels/types.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT, type AuditContext } from '../../src/core/router/audit.ts';

type TestRoute = Parameters<typeof auditRoutes>[0][number];

function route(name: string, path: string, brands: string[], extra: Partial<TestRoute> = {}): TestRoute {
  return { name, path, brands, page: { template: 'landing' }, ...extra };
}

const zip: FunnelStep = { name: 'zip', title: 'ZIP', kind: 'form', fields: [{ name: 'zipcode', label: 'ZIP', kind: 'zip' }] };
const insured: FunnelStep = {
  name: 'insured',
  title: 'Insured?',
  kind: 'form',
  fields: [{ name: 'currentlyInsured', label: 'Insured?', kind: 'yesno', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] }],
};
const company = (values: string[]): FunnelStep => ({
  name: 'company',
  title: 'Company',
  kind: 'form',
  fields: [{ name: 'currentCompany', label: 'Company', kind: 'select', options: values.map((value) => ({ value, label: value || 'Choose one' })) }],
});
const result: FunnelStep = { name: 'result', title: 'Quotes', kind: 'result', fields: [] };
const funnel = (id: string, steps: FunnelStep[]): FunnelDefinition => ({ id, product: 'auto', language: 'en', version: '1', steps });

// One sound funnel and one per defect the audit must surface; each is otherwise sound.
const FUNNELS: Record<string, FunnelDefinition> = {
  good: funnel('good', [zip, insured, company(['geico', 'Other']), result]),
  empty: funnel('empty', []),
  twice: funnel('twice', [zip, insured, { ...insured, fields: [{ ...insured.fields[0]!, name: 'homeowner' }] }, result]),
  unnamed: funnel('unnamed', [zip, { ...insured, name: '' }, result]),
  'blank-option': funnel('blank-option', [zip, company(['', 'geico']), result]),
};

/** A small registry: three brands, one middleware, the funnels above. */
const context: AuditContext = {
  brandIds: ['ac', 'tqg', 'ccc'],
  funnelById: (id) => FUNNELS[id],
  middleware: { branchSlug: () => true },
};

const GOOD_TABLE: TestRoute[] = [
  route('index', '/', ['ac', 'tqg'], { smid: { ac: 'A1' }, xsmid: { tqg: 'X1' } }),
  // The same path on different brands is fine: each host sees one of them.
  route('cc-index', '/', ['ccc'], { middleware: ['branchSlug'] }),
  route('quiz', '/quiz/{step?}', ['ac'], { page: { template: 'funnel', form: 'good' } }),
  route('quiz-auto', '/quiz/{step?}', ['tqg'], { page: { template: 'funnel', form: 'good' } }),
  route('reviews-aetna', '/reviews/aetna', ['ac']),
  // Param and catch-all rank below the static route, so they do not collide with it.
  route('reviews-slug', '/reviews/{slug*}', ['ac']),
  route('branch', '/branches/{branch}', ['ccc'], { middleware: ['branchSlug'] }),
];

describe('auditRoutes', () => {
  test('a sound table has no problems', () => {
    assert.deepEqual(auditRoutes(GOOD_TABLE, context), []);
  });

  const cases: { check: string; table: TestRoute[]; expected: { route: string; message: RegExp }[] }[] = [
    {
      check: 'unknown brand',
      table: [route('a', '/a', ['ac', 'zz'])],
      expected: [{ route: 'a', message: /^unknown brand 'zz'$/ }],
    },
    {
      check: 'same shape twice for one brand',
      table: [route('a', '/x/{id}', ['ac', 'tqg']), route('b', '/x/{slug}', ['tqg', 'ccc'])],
      expected: [{ route: 'b', message: /^path '\/x\/\{slug\}' matches the same paths as route 'a' \('\/x\/\{id\}'\) for brands tqg$/ }],
    },
    {
      check: 'optional tail overlapping the static route of the same brand',
      table: [route('a', '/x', ['ac']), route('b', '/x/{step?}', ['ac'])],
      expected: [{ route: 'b', message: /matches the same paths as route 'a' \('\/x'\) for brands ac$/ }],
    },
    {
      check: 'smid and xsmid keys the route does not list',
      table: [route('a', '/a', ['ac'], { smid: { ac: 'A', tqg: 'T' }, xsmid: { ccc: 'C' } })],
      expected: [
        { route: 'a', message: /^smid has a code for brand 'tqg', which the route does not list$/ },
        { route: 'a', message: /^xsmid has a code for brand 'ccc', which the route does not list$/ },
      ],
    },
    {
      check: 'missing funnel',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'nope' } })],
      expected: [{ route: 'a', message: /^page form 'nope' names no funnel in the funnel registry$/ }],
    },
    {
      check: 'funnel without steps',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'empty' } })],
      expected: [{ route: 'a', message: /^funnel empty has no steps$/ }],
    },
    {
      check: 'duplicate step name',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'twice' } })],
      expected: [{ route: 'a', message: /^funnel twice step insured: the step name is used twice$/ }],
    },
    {
      check: 'empty step name',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'unnamed' } })],
      expected: [{ route: 'a', message: /^funnel unnamed step : the step name is not a lower-case URL segment$/ }],
    },
    {
      check: 'option with an empty value',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'blank-option' } })],
      expected: [{ route: 'a', message: /^funnel blank-option step company field currentCompany: an option has an empty-string value$/ }],
    },
    {
      check: 'unknown middleware',
      table: [route('a', '/a/{id}', ['ccc'], { middleware: ['branchSlug', 'adminOnly'] })],
      expected: [{ route: 'a', message: /^unknown middleware 'adminOnly'$/ }],
    },
    {
      check: 'duplicate name',
      table: [route('a', '/a', ['ac']), route('a', '/b', ['tqg'])],
      expected: [{ route: 'a', message: /^duplicate route name 'a'$/ }],
    },
    {
      check: 'pattern that does not compile',
      table: [route('a', '/a/{rest*}/b', ['ac']), route('b', 'no-slash', ['ac'])],
      expected: [
        { route: 'a', message: /^path does not compile: '\{rest\*\}' must be the last segment/ },
        { route: 'b', message: /^path does not compile: route pattern must start with '\/'/ },
      ],
    },
  ];

  for (const { check, table, expected } of cases) {
    test(`finds: ${check}`, () => {
      const problems = auditRoutes(table, context);
      assert.equal(problems.length, expected.length, JSON.stringify(problems, null, 2));
      expected.forEach((want, index) => {
        assert.equal(problems[index]?.route, want.route);
        assert.match(problems[index]?.message ?? '', want.message);
      });
    });
  }

  test('the real route table has no problems against the shipped registries', () => {
    assert.deepEqual(auditRoutes(ROUTES, SHIPPED_AUDIT_CONTEXT), []);
  });
});
