/**
 * Walking a funnel as a visitor without JavaScript does, for tests: valid answers for every input
 * a step can have, and the form cookie of a visitor who posted every question before a given step,
 * which the server asks for before it takes that step's post.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { stepInputNames } from '../../src/core/funnels/field-input.ts';
import type { FunnelStep } from '../../src/core/funnels/types.ts';
import { COOKIE_BASE_NAMES } from '../../src/core/http/cookie-names.ts';
import { hostCookieName } from '../../src/core/http/host-cookie.ts';

const FORM = 'application/x-www-form-urlencoded';

/** A valid answer for every input a step can have, by input name (N = driver or vehicle number). */
export const ANSWERS: Array<[RegExp, string]> = [
  [/^zipcode$/, '33101'],
  [/^(haveMedicare|currentlyInsured|homeowner)$/, 'yes'],
  [/^(haveMedicaid|interestedInHomeInsurance|driver\dSr22|driver\dMilitaryAffiliation)$/, 'no'],
  // One car, one driver: no to "another vehicle?" and "anyone else drive?".
  [/^has(Vehicle|Driver)\d$/, 'no'],
  [/^currentCompany$/, 'State Farm'],
  [/^vehicle\dYear$/, '2018'],
  [/^vehicle\dMake$/, 'Toyota'],
  [/^vehicle\dModel$/, 'Camry'],
  // The text boxes of the lists' "Other" answers, left empty: the answers are chosen from the lists.
  [/^vehicle\d(Year|Make|Model)Other$/, ''],
  [/^driver\dFirstName$/, 'Ana'],
  [/^driver\dLastName$/, 'Ruiz'],
  [/^driver\dGender$/, 'female'],
  [/^driver\dMaritalStatus$/, 'married'],
  [/^driver\dDobMonth$/, '04'],
  [/^driver\dDobDay$/, '30'],
  [/^driver\dDobYear$/, '1956'],
  [/^driver\dCreditRating$/, 'good'],
  [/^driver1Email$/, 'ana.ruiz@example.com'],
  [/^driver1Phone$/, '(201) 555-0123'],
  [/^driver1Address$/, '100 Main Street'],
  [/^driver1Address2$/, 'Apt 2'],
  // Life and health (the visitor's own contact details, not a driver's).
  [/^ageRange$/, '60-69'],
  [/^coverageAmount$/, '10k-25k'],
  [/^tobaccoUse$/, 'no'],
  [/^householdSize$/, '3'],
  [/^householdIncome$/, '50k-75k'],
  [/^haveHealthInsurance$/, 'no'],
  [/^firstName$/, 'Ana'],
  [/^lastName$/, 'Ruiz'],
  [/^email$/, 'ana.ruiz@example.com'],
  [/^phone$/, '(201) 555-0123'],
];

/** A valid form body for every input of `step`, from {@link ANSWERS}. */
export function answersFor(step: FunnelStep): string {
  const body = new URLSearchParams();
  for (const name of stepInputNames(step)) {
    const answer = ANSWERS.find(([pattern]) => pattern.test(name));
    assert.ok(answer, `no test answer for input ${name}`);
    body.set(name, answer[1]);
  }
  return body.toString();
}

/** `cookie` with the form cookie of `setCookie` in place of the one it had. */
export function withFormCookie(cookie: string, setCookie: string | string[] | undefined): string {
  // The form cookie by either of its names: plain, or `__Host-` on a production-mode app.
  const isFormCookie = (pair: string | undefined) => [COOKIE_BASE_NAMES.form, hostCookieName(COOKIE_BASE_NAMES.form, true)].some((name) => pair?.startsWith(`${name}=`));
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie]).find(isFormCookie);
  if (line === undefined) return cookie;
  const others = cookie.split('; ').filter((part) => part !== '' && !isFormCookie(part));
  return [...others, line.split(';')[0]].join('; ');
}

/**
 * The cookie of a visitor without JavaScript who posted valid answers to every question from
 * `first` (a funnel's first step address) until the server's redirects reach `until` (a later step
 * address); `steps` gives each step's definition by its address.
 */
export async function walkedCookie(app: FastifyInstance, host: string, first: string, until: string, stepAt: (url: string) => FunnelStep | undefined, cookie = ''): Promise<string> {
  let url = first;
  for (let posts = 0; url.split('?')[0] !== until.split('?')[0]; posts++) {
    assert.ok(posts < 40, `walking from ${first} never reached ${until}`);
    const step = stepAt(url);
    assert.ok(step, `no step at ${url}`);
    const response = await app.inject({ method: 'POST', url, headers: { host, 'content-type': FORM, ...(cookie ? { cookie } : {}) }, payload: answersFor(step) });
    assert.equal(response.statusCode, 303, `${url}: ${response.body.slice(0, 200)}`);
    cookie = withFormCookie(cookie, response.headers['set-cookie']);
    url = String(response.headers.location);
  }
  return cookie;
}

/**
 * The step of funnel `funnel` a no-JavaScript post to `url` answers: the one its last path segment
 * names, or the first question at the funnel's own address (`base`).
 */
export function stepOfFunnel(funnel: { steps: readonly FunnelStep[] }, base: string): (url: string) => FunnelStep | undefined {
  return (url) => {
    const path = url.split('?')[0] ?? '';
    if (path === base) return funnel.steps.find((step) => step.kind === 'form');
    return funnel.steps.find((step) => path === `${base}/${step.name}`);
  };
}
