import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROUTES } from '../../routes.ts';
import type { FunnelDefinition, FunnelStep } from '../../src/core/funnels/index.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT, type AuditContext } from '../../src/core/router/audit.ts';

type TestRoute = Parameters<typeof auditRoutes>[0][number];

function route(name: string, path: string, brands: string[], extra: Partial<TestRoute> = {}): TestRoute {
  return { name, path, brands, page: { template: 'landing' }, ...extra };
}

const zip: FunnelStep = { name: 'zip', title: 'ZIP', fields: [{ name: 'zipcode', label: 'ZIP', kind: 'zip' }] };
const coverage: FunnelStep = {
  name: 'coverage',
  title: 'Coverage',
  fields: [
    { name: 'currentlyInsured', label: 'Insured?', kind: 'radio', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
  ],
};
const funnel = (id: string, steps: FunnelStep[]): FunnelDefinition => ({ id, product: 'medicare', version: '1', steps });

const FUNNELS: Record<string, FunnelDefinition> = {
  good: funnel('good', [zip, coverage]),
  empty: funnel('empty', []),
  twice: funnel('twice', [zip, coverage, zip]),
  unnamed: funnel('unnamed', [zip, { ...coverage, name: ' ' }]),
  'blank-option': funnel('blank-option', [
    zip,
    { name: 'company', title: 'Company', fields: [{ name: 'currentCompany', label: 'Company', kind: 'select', options: [{ value: '', label: 'Choose one' }, { value: 'geico', label: 'GEICO' }] }] },
  ]),
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
      expected: [{ route: 'a', message: /^funnel 'empty' has no steps$/ }],
    },
    {
      check: 'duplicate step name',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'twice' } })],
      expected: [{ route: 'a', message: /^funnel 'twice' has duplicate step name 'zip'$/ }],
    },
    {
      check: 'empty step name',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'unnamed' } })],
      expected: [{ route: 'a', message: /^funnel 'unnamed' step 2 has an empty name$/ }],
    },
    {
      check: 'option with an empty value',
      table: [route('a', '/a/{step?}', ['ac'], { page: { template: 'funnel', form: 'blank-option' } })],
      expected: [
        {
          route: 'a',
          message: /^funnel 'blank-option' step 'company' field 'currentCompany' option 'Choose one' must have a value that is not an empty string$/,
        },
      ],
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
