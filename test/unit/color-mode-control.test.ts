/**
 * The footer's colour-mode choice (spec §4 "Colour mode"): a radio group in the page's
 * language, wired through the runtime to src/client/color-mode.ts, so a choice is stored in local
 * storage and applied to <html> at once; disabled with an explanation on a page that forces a
 * mode; rendered on the server with nothing chosen and hydrated without a mismatch.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { colorModeRuntime, startColorMode } from '../../src/client/color-mode.ts';
import { COLOR_MODE_ATTRIBUTE, COLOR_MODE_STORAGE_KEY } from '../../src/core/color-mode.ts';
import type { Language } from '../../src/core/pages/types.ts';
import { ColorModeControl } from '../../src/ui/chrome/ColorModeControl.tsx';
import { RuntimeProvider, SERVER_RUNTIME, type Runtime } from '../../src/ui/runtime.tsx';

const happy = new HappyWindow({ url: 'https://ac.localhost/', settings: { device: { prefersColorScheme: 'light' } } });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
const { createRoot, hydrateRoot } = await import('react-dom/client');

const window = happy as unknown as Window;
const root = () => happy.document.documentElement;

afterEach(() => {
  happy.localStorage.clear();
  happy.happyDOM.settings.device.prefersColorScheme = 'light';
  root().removeAttribute(COLOR_MODE_ATTRIBUTE);
  happy.document.body.innerHTML = '';
});

function control(language: Language, forced?: 'light' | 'dark') {
  return createElement(ColorModeControl, { language, forced });
}

/** A runtime whose colour mode is the real controller on the happy-dom window. */
function browserRuntime(forced?: 'light' | 'dark'): { runtime: Runtime; colorMode: ReturnType<typeof startColorMode> } {
  const colorMode = startColorMode({ window, ...(forced ? { forced } : {}) });
  return { runtime: { ...SERVER_RUNTIME, colorMode: colorModeRuntime(colorMode) }, colorMode };
}

async function mount(runtime: Runtime, element: ReturnType<typeof control>) {
  const container = happy.document.createElement('div');
  happy.document.body.appendChild(container);
  const reactRoot = createRoot(container as unknown as Element);
  await act(async () => reactRoot.render(createElement(RuntimeProvider, { value: runtime }, element)));
  return { container, unmount: () => act(async () => reactRoot.unmount()) };
}

function radios(container: { querySelectorAll(selector: string): ArrayLike<unknown> }) {
  return Array.from(container.querySelectorAll('input[type="radio"]') as ArrayLike<HTMLInputElement>);
}

function view(container: HTMLElement | { querySelector(selector: string): unknown; querySelectorAll(selector: string): ArrayLike<unknown> }) {
  const fieldset = (container as HTMLElement).querySelector('fieldset')!;
  return {
    legend: fieldset.querySelector('legend')!.textContent,
    options: Array.from(fieldset.querySelectorAll('label')).map((label) => label.textContent),
    checked: radios(container).filter((radio) => radio.checked).map((radio) => radio.value),
    disabled: fieldset.disabled,
    note: fieldset.querySelector('.color-mode-note')?.textContent ?? null,
    describedBy: fieldset.getAttribute('aria-describedby'),
  };
}

describe('colour-mode control', () => {
  test('on the server: a labelled radio group, nothing chosen, disabled until the browser knows the preference', () => {
    const html = renderToString(createElement(RuntimeProvider, { value: SERVER_RUNTIME }, control('english')));
    const container = happy.document.createElement('div');
    container.innerHTML = html;
    assert.deepEqual(view(container), { legend: 'Color mode', options: ['Light', 'Dark', 'Same as my device'], checked: [], disabled: true, note: null, describedBy: null });
    assert.deepEqual(radios(container).map((radio) => radio.name), ['color-mode', 'color-mode', 'color-mode']);
  });

  test('in Spanish on a Spanish page', () => {
    const container = happy.document.createElement('div');
    container.innerHTML = renderToString(createElement(RuntimeProvider, { value: SERVER_RUNTIME }, control('spanish')));
    const { legend, options } = view(container);
    assert.deepEqual({ legend, options }, { legend: 'Modo de color', options: ['Claro', 'Oscuro', 'Igual que mi dispositivo'] });
  });

  test('in the browser it shows the stored preference; choosing Dark stores it and applies it at once', async () => {
    happy.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    const { runtime } = browserRuntime();
    const { container, unmount } = await mount(runtime, control('english'));
    assert.deepEqual(view(container as unknown as HTMLElement).checked, ['light']);
    assert.equal(view(container as unknown as HTMLElement).disabled, false);

    await act(async () => radios(container).find((radio) => radio.value === 'dark')!.click());
    assert.equal(happy.localStorage.getItem(COLOR_MODE_STORAGE_KEY), 'dark');
    assert.equal(root().getAttribute(COLOR_MODE_ATTRIBUTE), 'dark');
    assert.deepEqual(view(container as unknown as HTMLElement).checked, ['dark']);

    // "Same as my device" follows the OS: light here, then dark when the OS switches.
    await act(async () => radios(container).find((radio) => radio.value === 'system')!.click());
    assert.equal(happy.localStorage.getItem(COLOR_MODE_STORAGE_KEY), 'system');
    assert.equal(root().getAttribute(COLOR_MODE_ATTRIBUTE), 'light');
    await act(async () => {
      happy.happyDOM.settings.device.prefersColorScheme = 'dark';
      happy.dispatchEvent(new happy.Event('resize'));
    });
    assert.equal(root().getAttribute(COLOR_MODE_ATTRIBUTE), 'dark');
    assert.deepEqual(view(container as unknown as HTMLElement).checked, ['system']);
    await unmount();
  });

  test('a choice made in another tab shows here too', async () => {
    const { runtime } = browserRuntime();
    const { container, unmount } = await mount(runtime, control('english'));
    assert.deepEqual(view(container as unknown as HTMLElement).checked, ['system']);
    await act(async () => {
      happy.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
      happy.dispatchEvent(new happy.StorageEvent('storage', { key: COLOR_MODE_STORAGE_KEY, newValue: 'dark', storageArea: happy.localStorage }));
    });
    assert.deepEqual(view(container as unknown as HTMLElement).checked, ['dark']);
    await unmount();
  });

  test('a page that forces a mode disables the choice and says why; leaving it enables it again', async () => {
    happy.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    const { runtime, colorMode } = browserRuntime('light');
    const { container, unmount } = await mount(runtime, control('english', 'light'));
    const forced = view(container);
    assert.equal(forced.disabled, true);
    assert.equal(forced.note, 'This page is always shown in light mode.');
    assert.equal(forced.describedBy, (container as unknown as HTMLElement).querySelector('.color-mode-note')!.id);
    assert.deepEqual(forced.checked, ['dark'], 'the stored preference stays visible');
    assert.equal(root().getAttribute(COLOR_MODE_ATTRIBUTE), 'light');

    await act(async () => colorMode.setForced(undefined));
    const released = view(container);
    assert.deepEqual({ checked: released.checked, disabled: released.disabled, note: released.note, describedBy: released.describedBy }, { checked: ['dark'], disabled: false, note: null, describedBy: null });
    assert.equal(root().getAttribute(COLOR_MODE_ATTRIBUTE), 'dark');
    await unmount();
  });

  test('the forced explanation in Spanish, from the server render', () => {
    const container = happy.document.createElement('div');
    container.innerHTML = renderToString(createElement(RuntimeProvider, { value: SERVER_RUNTIME }, control('spanish', 'dark')));
    assert.equal(view(container).note, 'Esta página siempre se muestra en modo oscuro.');
  });

  test('hydrates the server HTML without a mismatch, then shows the stored preference', async () => {
    happy.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    const container = happy.document.createElement('div');
    happy.document.body.appendChild(container);
    container.innerHTML = renderToString(createElement(RuntimeProvider, { value: SERVER_RUNTIME }, control('english')));
    const { runtime } = browserRuntime();
    const problems: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void problems.push(args);
    try {
      let reactRoot!: ReturnType<typeof hydrateRoot>;
      await act(async () => {
        reactRoot = hydrateRoot(container as unknown as Element, createElement(RuntimeProvider, { value: runtime }, control('english')), { onRecoverableError: (error) => void problems.push(error) });
      });
      assert.deepEqual(view(container as unknown as HTMLElement).checked, ['dark']);
      assert.equal(view(container as unknown as HTMLElement).disabled, false);
      await act(async () => reactRoot.unmount());
    } finally {
      console.error = original;
    }
    assert.deepEqual(problems, []);
  });
});
