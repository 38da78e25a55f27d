/**
 * The HTML the server sends is valid where validators and assistive technology care (issue 11
 * "HTML validates"), checked without Chromium: one page per template and every step of every
 * funnel, rendered by the app (app.inject) and parsed by happy-dom. No duplicate ids and no id
 * with whitespace; every `<label for>` names a labelable element and none is redundant (the label
 * already wraps it); no interactive element inside a link or a button; every form control a form
 * posts has a name; every aria id reference exists; phone numbers in funnel copy never break.
 *
 * Also the one-tap answers (issue 11 "One tap per answer") as a plain form post sees them: submit
 * buttons named after the question, in a group named by the question, and their `name=value`
 * post advances the step like a radio's did.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Window as HappyWindow } from 'happy-dom';
import { ROUTES } from '../../routes.ts';
import { oneTapField } from '../../src/core/funnels/field-input.ts';
import { FUNNELS } from '../../src/core/funnels/index.ts';
import type { Template } from '../../src/core/pages/types.ts';
import { buildPath } from '../../src/core/router/pattern.ts';
import { TEMPLATES } from '../../src/ui/templates/index.ts';
import { injectableApp } from '../support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

const happy = new HappyWindow({ url: 'http://ac.localhost/' });
after(() => happy.happyDOM.close());

const FORM = 'application/x-www-form-urlencoded';

function parse(html: string): Document {
  return new happy.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** A concrete path for a route pattern, params filled with slugs (as pages.test.ts does). */
function samplePath(pattern: string, step = ''): string {
  return buildPath(pattern, { branch: 'main', page: 'home', image: 'hero', experiment: 'headline-test', run: 'run-1', slug: 'mutual-of-omaha', step } as never);
}

async function page(brand: string, url: string): Promise<{ status: number; document: Document }> {
  const response = await app.inject({ url, headers: { host: `${brand}.localhost` } });
  return { status: response.statusCode, document: parse(response.body) };
}

/** Elements a `<label for>` may name (HTML "labelable elements"). */
const LABELABLE = new Set(['BUTTON', 'INPUT', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA']);
/** Interactive content that may not sit inside a link or a button. */
const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, details, iframe, label, [tabindex]:not([tabindex="-1"])';
/** Controls a form posts by name (buttons post only when they carry one, so they may go without). */
const NAMED_CONTROLS = 'input:not([type="submit"]):not([type="button"]):not([type="reset"]):not([type="image"]), select, textarea';
/** A US phone number as the copy writes it. */
const PHONE_NUMBER = /(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]\d{4}/;

/** Every problem of `document`, one line each; an empty list is a valid page. */
function htmlProblems(document: Document): string[] {
  const problems: string[] = [];
  const ids = new Map<string, number>();
  for (const element of document.querySelectorAll('[id]')) {
    const id = element.getAttribute('id')!;
    if (id === '' || /\s/.test(id)) problems.push(`id with whitespace or empty: "${id}" on <${element.tagName.toLowerCase()}>`);
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  for (const [id, count] of ids) if (count > 1) problems.push(`duplicate id "${id}" (${count}×)`);

  for (const label of document.querySelectorAll('label[for]')) {
    const id = label.getAttribute('for')!;
    const target = document.getElementById(id);
    if (!target) problems.push(`<label for="${id}"> names no element`);
    else if (!LABELABLE.has(target.tagName) || (target.tagName === 'INPUT' && target.getAttribute('type') === 'hidden')) problems.push(`<label for="${id}"> names a <${target.tagName.toLowerCase()}>, which is not labelable`);
    else if (label.contains(target)) problems.push(`<label for="${id}"> is redundant: the label wraps its control`);
  }

  for (const element of document.querySelectorAll(INTERACTIVE)) {
    const host = element.parentElement?.closest('a[href], button');
    if (host) problems.push(`<${element.tagName.toLowerCase()}> nested inside <${host.tagName.toLowerCase()}> (${(host.textContent ?? '').trim().slice(0, 40)})`);
  }
  for (const label of document.querySelectorAll('label')) {
    const nested = [...label.querySelectorAll('label')];
    if (nested.length > 0) problems.push('a <label> inside a <label>');
  }
  for (const form of document.querySelectorAll('form')) {
    if (form.parentElement?.closest('form')) problems.push('a <form> inside a <form>');
    for (const control of form.querySelectorAll(NAMED_CONTROLS)) {
      if (!control.getAttribute('name')) problems.push(`a <${control.tagName.toLowerCase()}${control.id ? ` id="${control.id}"` : ''}> in a form has no name`);
    }
    for (const button of form.querySelectorAll('button[name]')) {
      if (!button.hasAttribute('value')) problems.push(`<button name="${button.getAttribute('name')}"> posts no value`);
    }
  }

  for (const attribute of ['aria-describedby', 'aria-labelledby', 'aria-controls']) {
    for (const element of document.querySelectorAll(`[${attribute}]`)) {
      for (const id of element.getAttribute(attribute)!.split(/\s+/).filter(Boolean)) {
        if (!document.getElementById(id)) problems.push(`${attribute}="${id}" names no element`);
      }
    }
  }
  return problems;
}

/** Phone numbers in funnel copy that could break across lines: not in a nowrap span or a tel: link. */
function breakablePhones(document: Document): string[] {
  const funnel = document.querySelector('.funnel');
  if (!funnel) return [];
  const walker = document.createTreeWalker(funnel, 4 /* NodeFilter.SHOW_TEXT */);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!PHONE_NUMBER.test(text)) continue;
    const parent = node.parentElement;
    if (parent?.closest('.nowrap, a[href^="tel:"]')) continue;
    found.push(text.trim());
  }
  return found;
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

describe('the checker', () => {
  test('finds every kind of problem it looks for', () => {
    const bad = parse(`<!doctype html><html><body>
      <p id="a b">x</p><p id="dup"></p><p id="dup"></p>
      <label for="nowhere">Lost</label><label for="text">Text</label><p id="text">t</p>
      <label class="choice" for="r"><input id="r" type="radio" name="r" value="1"></label>
      <a href="/x"><button type="button">Both</button></a>
      <form method="post"><input id="nameless"><select name="s"></select><button name="pick">Pick</button></form>
      <input aria-describedby="ghost" name="q">
      <p class="funnel">Call (800) 555-0101 now</p>
    </body></html>`);
    const problems = htmlProblems(bad).join('\n');
    for (const expected of [/id with whitespace or empty: "a b"/, /duplicate id "dup"/, /label for="nowhere"> names no element/, /label for="text"> names a <p>/, /label for="r"> is redundant/, /<button> nested inside <a>/, /<input id="nameless"> in a form has no name/, /<button name="pick"> posts no value/, /aria-describedby="ghost" names no element/]) {
      assert.match(problems, expected);
    }
    assert.deepEqual(breakablePhones(bad), ['Call (800) 555-0101 now']);
  });
});

describe('the HTML of every template validates', () => {
  for (const { template, brand, url } of oneRoutePerTemplate()) {
    test(`${template}: ${brand} ${url}`, async () => {
      const { status, document } = await page(brand, url);
      assert.ok(status < 500, `${url}: ${status}`);
      assert.deepEqual(htmlProblems(document), [], `${brand} ${url}`);
    });
  }

  test('the error page', async () => {
    const { status, document } = await page('ac', '/no-such-page');
    assert.equal(status, 404);
    assert.deepEqual(htmlProblems(document), []);
  });

  test('a refused no-JavaScript post (errors shown) validates too', async () => {
    const response = await app.inject({ method: 'POST', url: '/quiz/auto/driver-1', headers: { host: 'tqg.localhost', 'content-type': FORM }, payload: 'driver1MaritalStatus=domestic+partner' });
    assert.equal(response.statusCode, 400);
    const document = parse(response.body);
    assert.deepEqual(htmlProblems(document), []);
    assert.equal(document.querySelector('#field-driver1MaritalStatus-domestic-partner')?.hasAttribute('checked'), true, 'the id of a value with a space has none');
  });
});

describe('every funnel step validates and keeps phone numbers whole', () => {
  for (const { funnel, step, brand, url } of everyFunnelStep()) {
    test(`${funnel}/${step}: ${brand} ${url}`, async () => {
      const { status, document } = await page(brand, url);
      assert.equal(status, 200, url);
      assert.equal(document.querySelector('.funnel-body')?.getAttribute('data-step'), step, 'the step asked for is shown');
      assert.deepEqual(htmlProblems(document), [], `${brand} ${url}`);
      assert.deepEqual(breakablePhones(document), [], `${brand} ${url}: phone numbers in a nowrap span`);
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
    for (const name of ['medicare', 'medicaid', 'insured', 'homeowner', 'home-insurance', 'age', 'coverage', 'tobacco', 'income']) assert.ok(names.has(name), name);
    for (const name of ['zip', 'company', 'household', 'driver-1', 'vehicle-1', 'contact']) assert.ok(!names.has(name), name);
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
    const posted = await app.inject({ method: 'POST', url: '/quiz/otc/medicare?gclid=tap', headers: { host, 'content-type': FORM }, payload: 'haveMedicare=yes' });
    assert.equal(posted.statusCode, 303);
    assert.equal(posted.headers.location, '/quiz/otc/medicaid?gclid=tap');
    const cookie = [posted.headers['set-cookie'] ?? []].flat().map((header) => header.split(';')[0]).join('; ');
    const back = await app.inject({ url: '/quiz/otc/medicare', headers: { host, cookie } });
    const document = parse(back.body);
    assert.equal(document.getElementById('field-haveMedicare-yes')?.getAttribute('aria-pressed'), 'true');
    assert.equal(document.getElementById('field-haveMedicare-no')?.getAttribute('aria-pressed'), 'false');
  });

  test('a radio list of up to six answers posts the same way (life: age range)', async () => {
    const posted = await app.inject({ method: 'POST', url: '/go-4-life/age', headers: { host: 'wc.localhost', 'content-type': FORM }, payload: 'ageRange=60-69' });
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
