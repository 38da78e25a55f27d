/**
 * The HTML the server sends is valid, checked without Chromium on one
 * page per template, the error page and every step of every funnel, rendered by the app
 * (app.inject):
 *
 * - by html-validate (its recommended rules, plus references to missing ids, with only the
 *   exceptions in {@link HTML_VALIDATE_CONFIG}, each saying why): ids without whitespace and
 *   unique, labels that name a labelable control and are not redundant, nothing interactive
 *   inside a link or a button, no form or label inside its own kind, aria references that exist;
 * - by hand, parsed with happy-dom, for what html-validate does not check: every form control a
 *   form posts has a name, every named button posts a value, and phone numbers in funnel copy
 *   and in call links never break (they sit in an element whose class keeps them on one line).
 *
 * Also the one-tap answers as a plain form post sees them: submit buttons named after the
 * question, in a group named by the question, and their `name=value` post advances the step like
 * a radio's did.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Window as HappyWindow } from 'happy-dom';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { ROUTES } from '../../../routes.ts';
import { oneTapField } from '../../../src/core/funnels/field-input.ts';
import { FUNNELS } from '../../../src/core/funnels/index.ts';
import type { StepField } from '../../../src/core/funnels/types.ts';
import type { Template } from '../../../src/core/pages/types.ts';
import { buildPath } from '../../../src/core/router/pattern.ts';
import { optionId } from '../../../src/ui/funnel/FieldInput.tsx';
import { TEMPLATES } from '../../../src/ui/templates/index.ts';
import { injectableApp, INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS } from '../../../tools/support/server.ts';
import { stepOfFunnel, walkedCookie } from '../../support/no-js-walk.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

// A fixed clock: inside working hours calls to action are other markup (a row of links) than outside.
let app: FastifyInstance;
let closedApp: FastifyInstance;
before(async () => {
  app = await injectableApp({}, { now: () => INSIDE_WORKING_HOURS });
  closedApp = await injectableApp({}, { now: () => OUTSIDE_WORKING_HOURS });
});
after(() => Promise.all([app.close(), closedApp.close()]));

const happy = new HappyWindow({ url: 'http://ac.localhost/' });
after(() => happy.happyDOM.close());

const FORM = 'application/x-www-form-urlencoded';

/**
 * html-validate's recommended rules for what React server-renders. Every exception has its reason;
 * a rule is tuned to the one style React writes rather than switched off wherever it can be.
 */
const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // Not in the recommended set: a label or an aria-describedby naming no element is broken.
    'no-missing-references': 'error',
    // React writes attributes in their DOM property casing (charSet, hrefLang, noValidate,
    // autoComplete); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // React closes void elements as `<meta/>` and writes boolean attributes as `disabled=""`:
    // hold the markup to those styles instead of dropping the checks.
    'void-style': ['error', { style: 'selfclose' }],
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // React's useId ids (`_R_…`) and the boot data's id start with `_`. HTML allows any id
    // without whitespace, which the relaxed check still enforces.
    'valid-id': ['error', { relaxed: true }],
    // Inline styles are deliberate: each brand's palette as custom properties on <html>, written
    // by the server so there is no unstyled flash, and the step progress width. The CSP allows them.
    'no-inline-style': 'off',
    // Naming a list by its visible heading (aria-labelledby on <ul>) is valid ARIA: role list
    // takes a name, and screen readers announce it on entering the list.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // Call links with a visible label besides the number (the header's, the call buttons') or
    // kept on one line by their class (.funnel-phone): the rule reads every space in a link as part
    // of the number and sees only inline styles, so it cannot judge them. Their numbers are checked
    // by hand below (breakablePhones); any other tel: link must use non-breaking characters.
    'tel-non-breaking': ['error', { ignoreClasses: ['header-phone', 'funnel-phone', 'button'] }],
  },
};

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

/** html-validate's findings on a page, one line each: `rule: message (where)`; an empty list is a valid page. */
async function validatorProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? 'document'})`));
}

function parse(html: string): Document {
  return new happy.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** A concrete path for a route pattern, params filled with slugs (as pages.test.ts does). */
function samplePath(pattern: string, step = ''): string {
  return buildPath(pattern, { branch: 'main', page: 'home', image: 'hero', experiment: 'headline-test', run: 'run-1', slug: 'mutual-of-omaha', step });
}

async function page(brand: string, url: string, from = app): Promise<{ status: number; html: string; document: Document }> {
  const response = await from.inject({ url, headers: { host: `${brand}.localhost` } });
  return { status: response.statusCode, html: response.body, document: parse(response.body) };
}

/** Controls a form posts by name (buttons post only when they carry one, so they may go without). */
const NAMED_CONTROLS = 'input:not([type="submit"]):not([type="button"]):not([type="reset"]):not([type="image"]), select, textarea';
/** A US phone number as the copy writes it, with breakable spaces or hyphens. */
const PHONE_NUMBER = /(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]\d{4}/;
/** The classes whose CSS keeps their text on one line (styles: .nowrap, chrome.css, funnel.css). */
const KEPT_WHOLE = '.nowrap, .header-phone-number, .funnel-phone';

/** What html-validate does not check, one line each: form controls without a name, named buttons without a value. */
function formProblems(document: Document): string[] {
  const problems: string[] = [];
  for (const form of document.querySelectorAll('form')) {
    for (const control of form.querySelectorAll(NAMED_CONTROLS)) {
      if (!control.getAttribute('name')) problems.push(`a <${control.tagName.toLowerCase()}${control.id ? ` id="${control.id}"` : ''}> in a form has no name`);
    }
    for (const button of form.querySelectorAll('button[name]')) {
      if (!button.hasAttribute('value')) problems.push(`<button name="${button.getAttribute('name')}"> posts no value`);
    }
  }
  return problems;
}

/** Phone numbers that could break across lines, in funnel copy or in a call link: not inside an element kept whole. */
function breakablePhones(document: Document): string[] {
  const found: string[] = [];
  for (const root of document.querySelectorAll('.funnel, a[href^="tel:"]')) {
    const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (PHONE_NUMBER.test(text) && !node.parentElement?.closest(KEPT_WHOLE)) found.push(text.trim());
    }
  }
  return [...new Set(found)];
}

/** One route per template: its first brand, its first path. */
function oneRoutePerTemplate(): Array<{ template: Template; brand: string; url: string }> {
  return (Object.keys(TEMPLATES) as Template[]).map((template) => {
    const route = ROUTES.find((candidate) => candidate.page.template === template);
    assert.ok(route, `a route uses the ${template} template`);
    return { template, brand: route.brands[0]!, url: samplePath(route.path) };
  });
}

/** Every step of every funnel a route runs, at the first route and brand running it. */
function everyFunnelStep(): Array<{ funnel: string; step: string; brand: string; url: string }> {
  return Object.values(FUNNELS).flatMap((funnel) => {
    const route = ROUTES.find((candidate) => candidate.page.form === funnel.id && candidate.path.endsWith('{step?}'));
    if (!route) return [];
    return funnel.steps.map((step) => ({ funnel: funnel.id, step: step.name, brand: route.brands[0]!, url: samplePath(route.path, step.name) }));
  });
}

/** Asserts a rendered page has no problem html-validate or the hand checks find. */
async function assertValid(html: string, document: Document, where: string) {
  assert.deepEqual(await validatorProblems(html), [], `html-validate: ${where}`);
  assert.deepEqual(formProblems(document), [], `form posts: ${where}`);
  assert.deepEqual(breakablePhones(document), [], `${where}: phone numbers in an element kept whole`);
}

describe('the checkers', () => {
  const BAD = `<!DOCTYPE html><html lang="en"><head><title>Bad</title></head><body>
    <p id="a b">x</p><p id="dup"></p><p id="dup"></p>
    <label for="nowhere">Lost</label><label for="text">Text</label><p id="text">t</p>
    <label class="choice" for="r"><input id="r" type="radio" name="r" value="1"/></label>
    <a href="/x"><button type="button">Both</button></a>
    <label>Outer <label>inner</label></label>
    <form method="post"><input id="nameless" type="text"/><select name="s"></select><button type="submit" name="pick">Pick</button><form method="post"><button type="submit">In</button></form></form>
    <input type="text" aria-describedby="ghost" name="q"/>
    <a href="tel:+18005550101">Call (800) 555-0101</a>
    <p class="funnel">Call (800) 555-0101 now, or <span class="nowrap">(800) 555-0102</span></p>
  </body></html>`;

  test('html-validate, as configured, finds what the hand checks used to look for', async () => {
    const problems = (await validatorProblems(BAD)).join('\n');
    for (const expected of [
      /valid-id: element id "a b" must not contain whitespace/,
      /no-dup-id: Duplicate ID "dup"/,
      /no-missing-references: Element references missing id "nowhere"/,
      /valid-for: <label> "for" attribute must reference a labelable form control/,
      /no-redundant-for: Redundant "for" attribute/,
      /<button> element is not permitted as a descendant of <a>/,
      /<label> element is not permitted as a descendant of <label>/,
      /<form> element is not permitted as a descendant of <form>/,
      /no-missing-references: Element references missing id "ghost"/,
      /tel-non-breaking: " " should be replaced with "&nbsp;"/,
    ]) {
      assert.match(problems, expected);
    }
  });

  test('the hand checks find what html-validate does not', () => {
    const bad = parse(BAD);
    assert.deepEqual(formProblems(bad), ['a <input id="nameless"> in a form has no name', '<button name="pick"> posts no value']);
    assert.deepEqual(breakablePhones(bad), ['Call (800) 555-0101', 'Call (800) 555-0101 now, or']);
  });
});

describe('the HTML of every template validates', () => {
  for (const { template, brand, url } of oneRoutePerTemplate()) {
    for (const [hours, from] of [['inside', () => app], ['outside', () => closedApp]] as const) {
      test(`${template}: ${brand} ${url}, ${hours} working hours`, async () => {
        const { status, html, document } = await page(brand, url, from());
        assert.ok(status < 500, `${url}: ${status}`);
        await assertValid(html, document, `${brand} ${url} (${hours} working hours)`);
      });
    }
  }

  test('the Spanish opt-out page, as an opted-out browser sees it (its choice and the GPC signal shown, no form)', async () => {
    const optedOut = { host: 'ac.localhost', 'sec-gpc': '1', cookie: `${COOKIE_BASE_NAMES.privacy}=2f1d7c9e-1b7a-4c53-9a39-5f3e0c2a7d11.1795415768396` };
    const response = await app.inject({ url: '/privacy-choices-es', headers: optedOut });
    assert.equal(response.statusCode, 200);
    const document = parse(response.body);
    assert.ok(document.querySelector('.privacy-choice-date'), 'the recorded choice is shown');
    assert.equal(document.querySelector('.privacy-choice form'), null);
    await assertValid(response.body, document, 'ac /privacy-choices-es opted out');
  });

  test('the error page', async () => {
    const { status, html, document } = await page('ac', '/no-such-page');
    assert.equal(status, 404);
    await assertValid(html, document, 'ac /no-such-page');
  });

  test('a refused no-JavaScript post (errors shown, the error summary linking to the field) validates too', async () => {
    const contact = FUNNELS.auto!.steps.find((step) => step.fields.some((field) => field.kind === 'email'))!;
    const email = contact.fields.find((field) => field.kind === 'email')!;
    const cookie = await walkedCookie(app, 'tqg.localhost', '/quiz/auto', `/quiz/auto/${contact.name}`, stepOfFunnel(FUNNELS.auto!, '/quiz/auto'));
    const response = await app.inject({ method: 'POST', url: `/quiz/auto/${contact.name}`, headers: { host: 'tqg.localhost', 'content-type': FORM, cookie }, payload: `${email.name}=not-an-email` });
    assert.equal(response.statusCode, 400);
    const document = parse(response.body);
    assert.ok(document.querySelector(`.funnel-errors a[href="#field-${email.name}"]`), 'the error summary links to the refused field');
    await assertValid(response.body, document, 'a refused post');
  });

  test('an answer whose value holds a space gets an id without one', async () => {
    const spaced = (field: StepField) => field.kind === 'radio' && (field.options?.some((option) => /\s/.test(option.value)) ?? false);
    const step = FUNNELS.auto!.steps.find((candidate) => candidate.fields.some(spaced))!;
    const field = step.fields.find(spaced)!;
    const option = field.options!.find((candidate) => /\s/.test(candidate.value))!;
    const { html, document } = await page('tqg', `/quiz/auto/${step.name}`);
    assert.ok(document.getElementById(optionId(field, option.value)), `${field.name} '${option.value}' has its answer`);
    assert.doesNotMatch(optionId(field, option.value), /\s/);
    await assertValid(html, document, `tqg /quiz/auto/${step.name}`);
  });
});

describe('every funnel step validates and keeps phone numbers whole', () => {
  for (const { funnel, step, brand, url } of everyFunnelStep()) {
    test(`${funnel}/${step}: ${brand} ${url}`, async () => {
      const { status, html, document } = await page(brand, url);
      assert.equal(status, 200, url);
      assert.equal(document.querySelector('.funnel-body')?.getAttribute('data-step'), step, 'the step asked for is shown');
      await assertValid(html, document, `${brand} ${url}`);
    });
  }

  test('the phone hint of the contact step keeps its example number on one line', async () => {
    const { document } = await page('tqg', '/quiz/auto/contact');
    assert.equal(document.querySelector('#field-driver1Phone-hint .nowrap')?.textContent, '(555) 123-4567');
    assert.equal(document.querySelector('#field-driver1Phone-hint')?.textContent, '10 digits, for example (555) 123-4567', 'the text is unchanged');
  });
});

describe('one-tap answers as the server renders and takes them', () => {
  const oneTapSteps = Object.values(FUNNELS).flatMap((funnel) => funnel.steps.filter((step) => oneTapField(step)).map((step) => ({ funnel, step })));

  test('the short single-choice questions alone on their step are one-tap; multi-question and long lists are not', () => {
    const names = new Set(oneTapSteps.map(({ step }) => step.name));
    for (const name of ['medicare', 'medicaid', 'has-vehicle-2', 'has-driver-2', 'age', 'coverage', 'tobacco', 'income']) assert.ok(names.has(name), name);
    // Steps of several questions are not, though a question that follows an answer may wait for it (auto's homeowner).
    for (const name of ['zip', 'homeowner', 'household', 'driver-1', 'driver-1-details', 'vehicle-1', 'contact']) assert.ok(!names.has(name), name);
  });

  test('a one-tap step is a group named by its question with one submit button per answer and no Continue', async () => {
    const { document } = await page('ac', '/quiz/otc/medicaid');
    const form = document.querySelector('.funnel-form')!;
    assert.equal(form.getAttribute('method'), 'post');
    const group = form.querySelector('fieldset')!;
    assert.equal(group.querySelector('legend')?.textContent, 'Do you also have Medicaid?');
    const answers = [...group.querySelectorAll('button')].map((button) => ({
      type: button.getAttribute('type'),
      name: button.getAttribute('name'),
      value: button.getAttribute('value'),
      pressed: button.getAttribute('aria-pressed'),
      label: button.textContent,
    }));
    assert.deepEqual(answers, [
      { type: 'submit', name: 'haveMedicaid', value: 'yes', pressed: 'false', label: 'Yes' },
      { type: 'submit', name: 'haveMedicaid', value: 'no', pressed: 'false', label: 'No' },
    ]);
    assert.equal(form.querySelectorAll('input[type="radio"]').length, 0, 'no radios to choose before a second tap');
    assert.equal(form.querySelector('.funnel-continue'), null, 'no Continue button');
    assert.equal(form.querySelector('button.funnel-skip')?.textContent, "I'm not sure", 'the skip action stays');
    assert.ok(form.querySelector('a.funnel-back[rel="prev"]'), 'the back action stays');
  });

  test("the posted answer advances, and coming back shows it pressed", async () => {
    const host = 'ac.localhost';
    const walked = await walkedCookie(app, host, '/quiz/otc', '/quiz/otc/medicare', stepOfFunnel(FUNNELS.medicare!, '/quiz/otc'));
    const posted = await app.inject({ method: 'POST', url: '/quiz/otc/medicare?gclid=tap', headers: { host, 'content-type': FORM, cookie: walked }, payload: 'haveMedicare=yes' });
    assert.equal(posted.statusCode, 303);
    assert.equal(posted.headers.location, '/quiz/otc/medicaid?gclid=tap');
    const cookie = [posted.headers['set-cookie'] ?? []].flat().map((header) => header.split(';')[0]).join('; ');
    const back = await app.inject({ url: '/quiz/otc/medicare', headers: { host, cookie } });
    const document = parse(back.body);
    assert.equal(document.getElementById('field-haveMedicare-yes')?.getAttribute('aria-pressed'), 'true');
    assert.equal(document.getElementById('field-haveMedicare-no')?.getAttribute('aria-pressed'), 'false');
  });

  test('a radio list of up to six answers posts the same way (life: age range)', async () => {
    const cookie = await walkedCookie(app, 'wc.localhost', '/go-4-life', '/go-4-life/age', stepOfFunnel(FUNNELS.life!, '/go-4-life'));
    const posted = await app.inject({ method: 'POST', url: '/go-4-life/age', headers: { host: 'wc.localhost', 'content-type': FORM, cookie }, payload: 'ageRange=60-69' });
    assert.equal(posted.statusCode, 303);
    assert.equal(posted.headers.location, '/go-4-life/coverage');
  });

  test('every one-tap step of every funnel renders its answers as submit buttons of its field', async () => {
    for (const { funnel, step } of oneTapSteps) {
      const route = ROUTES.find((candidate) => candidate.page.form === funnel.id && candidate.path.endsWith('{step?}'));
      if (!route) continue;
      const { document } = await page(route.brands[0]!, samplePath(route.path, step.name));
      const field = oneTapField(step)!;
      const buttons = [...document.querySelectorAll(`.funnel-form fieldset button[type="submit"][name="${field.name}"]`)];
      assert.deepEqual(buttons.map((button) => button.getAttribute('value')), field.options!.map((option) => option.value), `${funnel.id}/${step.name}`);
      assert.equal(document.querySelector('.funnel-form .funnel-continue'), null, `${funnel.id}/${step.name}`);
    }
  });
});
