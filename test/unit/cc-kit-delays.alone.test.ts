/**
 * The control center's UI kit held to spec §9's timings and defaults as rendered, not as constants:
 * each primitive (src/ui/control-center/kit/*) is mounted in happy-dom and driven with pointer and
 * key events on a fake clock (`t.mock.timers`), one millisecond either side of every delay.
 * Geometry (the select's 10 px viewport margin, the splitter's hit area) needs layout, so it is
 * proven in Chromium (test/browser/cc-kit.test.ts).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test, type TestContext } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement, useState, type ReactElement } from 'react';
import {
  HOVER_CARD_CLOSE_DELAY_MS,
  HOVER_CARD_OPEN_DELAY_MS,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  TYPEAHEAD_RESET_MS,
} from '../../src/core/control-center/ui-constants.ts';
import { DropdownMenu } from '../../src/ui/control-center/kit/DropdownMenu.tsx';
import { HoverCard } from '../../src/ui/control-center/kit/HoverCard.tsx';
import { Popover } from '../../src/ui/control-center/kit/Popover.tsx';
import { Select } from '../../src/ui/control-center/kit/Select.tsx';
import { Tooltip, TooltipProvider } from '../../src/ui/control-center/kit/Tooltip.tsx';

const happy = new HappyWindow({ url: 'https://ccc.localhost/' });
// happy-dom's window timers are bound to Node's real ones when happy-dom loads, so the fake clock
// would never see Radix's `window.setTimeout`: route them through the (mockable) globals.
Object.assign(happy, {
  setTimeout: (callback: () => void, delay?: number) => globalThis.setTimeout(callback, delay),
  clearTimeout: (id: ReturnType<typeof setTimeout>) => globalThis.clearTimeout(id),
});
/**
 * Browser globals Radix reads bare (not through `window`) beyond those installDomGlobals sets;
 * Node's own (e.g. its CustomEvent, which happy-dom's dispatchEvent refuses) are put back after
 * this file, since the unit files share one process (test/support/unit-process.ts).
 */
const RADIX_GLOBALS = ['getComputedStyle', 'CustomEvent', 'Event', 'HTMLElement', 'HTMLFormElement', 'Element', 'Node', 'ResizeObserver', 'MutationObserver', 'NodeFilter', 'requestAnimationFrame', 'cancelAnimationFrame', 'DocumentFragment'];
const nodeGlobals = new Map(RADIX_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));

before(() => {
  installDomGlobals(happy);
  for (const name of RADIX_GLOBALS) {
    const value = (happy as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, { value: typeof value === 'function' && /^[a-z]/.test(name) ? value.bind(happy) : value, configurable: true, writable: true });
  }
});

after(() => {
  for (const [name, descriptor] of nodeGlobals) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});
const { createRoot } = await import('react-dom/client');

const document = happy.document as unknown as Document;
let unmount: (() => Promise<void>) | undefined;

afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
});

/** Mounts `element` in a container of the body; the container stands for "outside the primitive". */
async function mount(element: ReactElement): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.id = 'outside';
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  unmount = () => act(async () => root.unmount());
  return container;
}

/** The fake clock, `setTimeout` only (what Radix's delays use). */
function fakeClock(t: TestContext): (ms: number) => Promise<void> {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  return (ms) => act(async () => t.mock.timers.tick(ms));
}

const mouse = { bubbles: true, cancelable: true, pointerType: 'mouse', pointerId: 1, button: 0 };

/** React derives pointer enter/leave from over/out; a null related target means "from/to outside the window". */
const pointer = {
  enter: (element: Element) => act(async () => void element.dispatchEvent(new happy.PointerEvent('pointerover', mouse) as unknown as Event)),
  move: (element: Element, at: { clientX?: number; clientY?: number } = {}) => act(async () => void element.dispatchEvent(new happy.PointerEvent('pointermove', { ...mouse, ...at }) as unknown as Event)),
  leave: (element: Element, at: { clientX?: number; clientY?: number } = {}) => act(async () => void element.dispatchEvent(new happy.PointerEvent('pointerout', { ...mouse, ...at }) as unknown as Event)),
};

const key = (element: Element, name: string) => act(async () => void element.dispatchEvent(new happy.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }) as unknown as Event));

const button = (label: string) => createElement('button', { type: 'button' }, label);
const byText = (text: string) => Array.from(document.querySelectorAll('body *')).find((element) => element.textContent === text && element.children.length === 0);

describe('Tooltip (700 ms delay, 300 ms skip delay)', () => {
  async function mountTooltip() {
    const container = await mount(createElement(TooltipProvider, null, createElement(Tooltip, { content: 'Saved versions', children: button('History') })));
    const trigger = container.querySelector('button')!;
    const open = () => document.querySelector('[role="tooltip"]') !== null;
    /** Closes the open tooltip (Escape) and moves the pointer off the trigger. */
    const closeAndLeave = async () => {
      await key(trigger, 'Escape');
      await pointer.leave(trigger);
      assert.equal(open(), false, 'closed');
    };
    return { trigger, open, closeAndLeave };
  }

  test(`closed ${TOOLTIP_DELAY_MS - 1} ms after the pointer rests on the trigger, open at ${TOOLTIP_DELAY_MS} ms`, async (t) => {
    const tick = fakeClock(t);
    const { trigger, open } = await mountTooltip();
    await pointer.move(trigger);
    await tick(TOOLTIP_DELAY_MS - 1);
    assert.equal(open(), false);
    await tick(1);
    assert.equal(open(), true);
    assert.match(document.querySelector('[role="tooltip"]')!.textContent, /Saved versions/);
  });

  const reentries: Array<[after: number, opensAt: number]> = [
    [TOOLTIP_SKIP_DELAY_MS - 1, 0],
    [TOOLTIP_SKIP_DELAY_MS, TOOLTIP_DELAY_MS],
  ];
  for (const [after, opensAt] of reentries) {
    test(`re-entered ${after} ms after one closed: opens ${opensAt === 0 ? 'at once' : `after ${opensAt} ms again`}`, async (t) => {
      const tick = fakeClock(t);
      const { trigger, open, closeAndLeave } = await mountTooltip();
      await pointer.move(trigger);
      await tick(TOOLTIP_DELAY_MS);
      assert.equal(open(), true);
      await closeAndLeave();
      await tick(after);
      await pointer.move(trigger);
      if (opensAt === 0) {
        assert.equal(open(), true, 'within the skip delay: no wait');
        return;
      }
      assert.equal(open(), false, 'skip delay over: waits again');
      await tick(opensAt - 1);
      assert.equal(open(), false);
      await tick(1);
      assert.equal(open(), true);
    });
  }
});

describe('HoverCard (opens after 700 ms, closes 300 ms after the pointer leaves)', () => {
  test('open at 700 ms, not 699; closed 300 ms after leaving, not 299', async (t) => {
    const tick = fakeClock(t);
    const container = await mount(createElement(HoverCard, { content: createElement('p', null, 'Ac: American Coverage'), children: createElement('a', { href: '/branches/ac/overview' }, 'ac') }));
    const link = container.querySelector('a')!;
    const open = () => byText('Ac: American Coverage') !== undefined;
    await pointer.enter(link);
    await tick(HOVER_CARD_OPEN_DELAY_MS - 1);
    assert.equal(open(), false);
    await tick(1);
    assert.equal(open(), true);
    await pointer.leave(link);
    await tick(HOVER_CARD_CLOSE_DELAY_MS - 1);
    assert.equal(open(), true);
    await tick(1);
    assert.equal(open(), false);
  });
});

/** Whether the content outside an open primitive is cut off from the user, as Radix's modal layers do it. */
function outsideState(container: HTMLElement) {
  return { ariaHidden: container.getAttribute('aria-hidden'), bodyPointerEvents: document.body.style.pointerEvents };
}

describe('modal defaults: dropdown menu modal, popover not', () => {
  const cases: Array<[name: string, element: () => ReactElement, opener: (trigger: HTMLButtonElement) => Promise<void>, modal: boolean]> = [
    ['a dropdown menu by default', () => createElement(DropdownMenu, { trigger: button('Actions'), items: [{ label: 'Publish', onSelect: () => undefined }] }), (trigger) => key(trigger, 'Enter'), true],
    ['a dropdown menu with modal={false}', () => createElement(DropdownMenu, { trigger: button('Actions'), items: [{ label: 'Publish', onSelect: () => undefined }], modal: false }), (trigger) => key(trigger, 'Enter'), false],
    ['a popover by default', () => createElement(Popover, { trigger: button('Filters'), label: 'Filters', children: createElement('p', null, 'Filter text') }), (trigger) => act(async () => trigger.click()), false],
    ['a popover with modal={true}', () => createElement(Popover, { trigger: button('Filters'), label: 'Filters', modal: true, children: createElement('p', null, 'Filter text') }), (trigger) => act(async () => trigger.click()), true],
  ];
  for (const [name, element, opener, modal] of cases) {
    test(`${name}: the page outside is ${modal ? 'aria-hidden and takes no pointer events' : 'left interactive'} while it is open`, async () => {
      const container = await mount(element());
      const trigger = container.querySelector('button')!;
      assert.deepEqual(outsideState(container), { ariaHidden: null, bodyPointerEvents: '' }, 'before opening');
      await opener(trigger);
      assert.equal(trigger.getAttribute('aria-expanded'), 'true', 'opened');
      assert.deepEqual(outsideState(container), modal ? { ariaHidden: 'true', bodyPointerEvents: 'none' } : { ariaHidden: null, bodyPointerEvents: '' });
    });
  }
});

/** Items whose letters tell a continued search ("tu": Tuvalu) from a fresh one ("u": Utah). */
const PLACES = ['Ohio', 'Texas', 'Utah', 'Tuvalu'];

describe(`typeahead forgets the typed letters after ${TYPEAHEAD_RESET_MS} ms`, () => {
  const pauses: Array<[pause: number, expected: string]> = [
    [TYPEAHEAD_RESET_MS - 1, 'Tuvalu'],
    [TYPEAHEAD_RESET_MS, 'Utah'],
  ];

  for (const [pause, expected] of pauses) {
    test(`select: "t", ${pause} ms, "u" chooses ${expected}`, async (t) => {
      const tick = fakeClock(t);
      function Chooser() {
        const [value, setValue] = useState<string | undefined>(undefined);
        return createElement(Select, { label: 'Place', value, options: PLACES.map((label) => ({ value: label, label })), onValueChange: setValue });
      }
      const container = await mount(createElement(Chooser));
      const trigger = container.querySelector('[role="combobox"]')!;
      await key(trigger, 't');
      assert.equal(trigger.textContent?.replace('▾', ''), 'Texas');
      await tick(pause);
      await key(trigger, 'u');
      assert.equal(trigger.textContent?.replace('▾', ''), expected);
    });
  }
});
