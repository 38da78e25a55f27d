/**
 * The control center's one refusal alert (src/ui/control-center/ProblemsAlert.tsx), used by the
 * phone-rule, author, image and experiment screens and by every failed call: read out when it
 * appears, its first line saying what did not happen, then the problems, each once, in order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ControlCenterApiError } from '../../src/ui/control-center/api-client.ts';
import { ProblemsAlert } from '../../src/ui/control-center/ProblemsAlert.tsx';
import { CallFailure } from '../../src/ui/control-center/use-call.tsx';

const cases = [
  {
    name: 'a refusal with problems lists them after its line',
    props: { intro: 'The rule was not deleted:', problems: ['rule 7 is in use', 'branch is published'] },
    html: '<div class="cc-error" role="alert"><p>The rule was not deleted:</p><ul><li>rule 7 is in use</li><li>branch is published</li></ul></div>',
  },
  {
    name: 'no problems: the line alone, no empty list',
    props: { intro: 'The image was not uploaded:', problems: [] },
    html: '<div class="cc-error" role="alert"><p>The image was not uploaded:</p></div>',
  },
  {
    name: 'a screen’s own class goes beside cc-error',
    props: { intro: 'The alt text was not saved:', problems: ['alt: too long'], className: 'cc-img-problems' },
    html: '<div class="cc-error cc-img-problems" role="alert"><p>The alt text was not saved:</p><ul><li>alt: too long</li></ul></div>',
  },
  {
    name: 'markup in a problem is text, not HTML',
    props: { intro: 'The experiment was not saved:', problems: ['name: <b>bold</b>'] },
    html: '<div class="cc-error" role="alert"><p>The experiment was not saved:</p><ul><li>name: &lt;b&gt;bold&lt;/b&gt;</li></ul></div>',
  },
];
for (const { name, props, html } of cases) {
  test(name, () => {
    assert.equal(renderToStaticMarkup(createElement(ProblemsAlert, props)), html);
  });
}

test('a failed call says its message and the server’s problems in the same alert', () => {
  const error = new ControlCenterApiError(400, 'The server refused the change (400).', ['slug: already taken'], {});
  assert.equal(renderToStaticMarkup(createElement(CallFailure, { error })), '<div class="cc-error" role="alert"><p>The server refused the change (400).</p><ul><li>slug: already taken</li></ul></div>');
  assert.equal(renderToStaticMarkup(createElement(CallFailure, { error: new Error('Network down') })), '<div class="cc-error" role="alert"><p>Network down</p></div>');
});
