import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { createProgressBar, PROGRESS_BAR_DEFAULTS } from '../../src/client/progress-bar.ts';

let window: Window;
let element: HTMLElement;

beforeEach(() => {
  window = new Window({ url: 'https://ac.localhost/' });
  window.document.body.innerHTML = '<div id="progress-bar" role="presentation" aria-hidden="true"></div>';
  element = window.document.getElementById('progress-bar') as unknown as HTMLElement;
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
});

afterEach(async () => {
  mock.timers.reset();
  await window.happyDOM.close();
});

/**
 * Advances the fake clock 1 ms at a time: node's mock timers schedule a timer created inside a
 * callback from the end of the whole tick, so one long tick would delay chained timers.
 */
function advance(ms: number) {
  for (let i = 0; i < ms; i++) mock.timers.tick(1);
}

const visible = () => element.style.opacity === '1';

describe('progress bar defaults (spec §2)', () => {
  const cases: Array<[keyof typeof PROGRESS_BAR_DEFAULTS, number]> = [
    ['duration', 2000],
    ['throttle', 200],
    ['height', 3],
    ['hideDelay', 500],
    ['resetDelay', 400],
  ];
  for (const [key, value] of cases) test(`${key} is ${value}`, () => assert.equal(PROGRESS_BAR_DEFAULTS[key], value));

  test('the colour is a red', () => {
    const [, r, g, b] = /^#(..)(..)(..)$/.exec(PROGRESS_BAR_DEFAULTS.color)!.map((hex) => parseInt(hex, 16));
    assert.ok(r! > 180 && g! < 80 && b! < 80, PROGRESS_BAR_DEFAULTS.color);
  });
});

describe('progress bar styling', () => {
  test('the element is left untouched until the first start() (hydration sees the server markup)', () => {
    const before = element.outerHTML;
    const bar = createProgressBar(element);
    bar.finish();
    bar.fail();
    assert.equal(element.outerHTML, before);
  });

  test('fixed at the top, 3 px, above everything, never catches the pointer, hidden until the throttle passed', () => {
    createProgressBar(element).start();
    const style = element.style;
    assert.equal(style.position, 'fixed');
    assert.equal(style.top, '0px');
    assert.equal(style.left, '0px');
    assert.equal(style.height, '3px');
    assert.equal(style.pointerEvents, 'none');
    assert.ok(Number(style.zIndex) >= 1000, style.zIndex);
    assert.equal(style.opacity, '0');
    assert.equal(style.width, '0%');
    assert.match(style.transition, /width/);
    assert.match(style.transition, /opacity/);
    assert.equal(element.dataset.state, 'waiting');
  });

  test('options override the defaults', () => {
    createProgressBar(element, { height: 5, color: 'rgb(1, 2, 3)' }).start();
    assert.equal(element.style.height, '5px');
    assert.match(element.style.background, /rgb\(1, 2, 3\)/);
  });

  test('prefers-reduced-motion: no width transition, the fade stays', async () => {
    const reduced = new Window({ url: 'https://ac.localhost/', settings: { device: { prefersReducedMotion: 'reduce' } } });
    reduced.document.body.innerHTML = '<div id="progress-bar"></div>';
    const bar = reduced.document.getElementById('progress-bar') as unknown as HTMLElement;
    createProgressBar(bar).start();
    assert.doesNotMatch(bar.style.transition, /width/);
    assert.match(bar.style.transition, /opacity/);
    await reduced.happyDOM.close();
  });

  const invalid: Array<[string, Parameters<typeof createProgressBar>[1]]> = [
    ['negative throttle', { throttle: -1 }],
    ['zero duration', { duration: 0 }],
    ['NaN hide delay', { hideDelay: Number.NaN }],
  ];
  for (const [label, options] of invalid) {
    test(`rejects ${label} with a clear error`, () => assert.throws(() => createProgressBar(element, options), RangeError));
  }
});

describe('progress bar phases at the spec defaults', () => {
  test('start() shows nothing until the 200 ms throttle has passed', () => {
    const bar = createProgressBar(element);
    bar.start();
    assert.equal(bar.phase, 'waiting');
    assert.equal(element.dataset.state, 'waiting');
    advance(199);
    assert.equal(bar.phase, 'waiting');
    assert.ok(!visible());
    advance(1);
    assert.equal(bar.phase, 'running');
    assert.equal(element.dataset.state, 'running');
    assert.ok(visible());
  });

  for (const end of ['finish', 'fail'] as const) {
    test(`${end}() within the throttle cancels without ever showing the bar`, () => {
      const bar = createProgressBar(element);
      bar.start();
      advance(150);
      bar[end]();
      assert.equal(bar.phase, 'idle');
      advance(5000);
      assert.equal(bar.phase, 'idle');
      assert.ok(!visible());
      assert.equal(element.style.width, '0%');
    });
  }

  test('while running the value creeps towards 100 over the duration and never reaches it', () => {
    const bar = createProgressBar(element);
    bar.start();
    advance(200);
    const samples: number[] = [];
    for (const step of [500, 500, 500, 500, 60_000]) {
      advance(step);
      samples.push(bar.value);
    }
    for (let i = 1; i < samples.length; i++) assert.ok(samples[i]! > samples[i - 1]!, `creeps: ${samples.join(', ')}`);
    assert.ok(samples[3]! > 60 && samples[3]! < 80, `about 70 % after the 2000 ms duration, got ${samples[3]}`);
    assert.ok(samples[4]! < 100, `never 100 by itself, got ${samples[4]}`);
    assert.equal(element.style.width, `${bar.value}%`);
  });

  const endings = [
    { end: 'finish', phase: 'finishing', filtered: false },
    { end: 'fail', phase: 'error', filtered: true },
  ] as const;
  for (const { end, phase, filtered } of endings) {
    test(`${end}(): 100 %, fades out after 500 ms, resets after a further 400 ms`, () => {
      const bar = createProgressBar(element);
      bar.start();
      advance(700);
      bar[end]();
      assert.equal(bar.phase, phase);
      assert.equal(element.dataset.state, phase);
      assert.equal(bar.value, 100);
      assert.equal(element.style.width, '100%');
      assert.equal(element.style.filter !== '', filtered, `darker in the error phase only: "${element.style.filter}"`);

      advance(499);
      assert.ok(visible(), 'still shown before the hide delay');
      advance(1);
      assert.ok(!visible(), 'faded out after the hide delay');
      assert.equal(element.style.width, '100%', 'width kept while fading');
      assert.equal(bar.phase, phase);

      advance(399);
      assert.equal(element.style.width, '100%');
      advance(1);
      assert.equal(bar.phase, 'idle');
      assert.equal(element.dataset.state, 'idle');
      assert.equal(bar.value, 0);
      assert.equal(element.style.width, '0%');
      assert.equal(element.style.filter, '');
    });
  }

  test('a second start() while running keeps the same run', () => {
    const bar = createProgressBar(element);
    bar.start();
    advance(1000);
    const before = bar.value;
    bar.start();
    assert.equal(bar.phase, 'running');
    assert.ok(bar.value >= before && before > 0);
  });

  test('start() during the fade-out begins a fresh, throttled run from zero', () => {
    const bar = createProgressBar(element);
    bar.start();
    advance(300);
    bar.fail();
    advance(600);
    bar.start();
    assert.equal(bar.phase, 'waiting');
    assert.equal(bar.value, 0);
    assert.equal(element.style.width, '0%');
    assert.ok(!visible());
    assert.equal(element.style.filter, '');
    advance(400); // The old reset timer must not fire into the new run.
    assert.equal(bar.phase, 'running');
    assert.ok(visible());
  });

  test('finish() and fail() when idle do nothing', () => {
    const bar = createProgressBar(element);
    bar.start();
    advance(300);
    bar.finish();
    advance(900);
    bar.finish();
    bar.fail();
    assert.equal(bar.phase, 'idle');
    assert.equal(element.dataset.state, 'idle');
    assert.equal(element.style.width, '0%');
  });
});
