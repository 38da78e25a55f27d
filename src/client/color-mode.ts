import {
  COLOR_MODE_ATTRIBUTE,
  COLOR_MODE_STORAGE_KEY,
  parsePreference,
  resolveColorMode,
  type ColorModePreference,
  type ColorModeState,
} from '../core/color-mode.ts';
import type { ColorModeRuntime } from '../ui/chrome/color-mode-runtime.ts';

/** The operating system's dark setting, followed live while the preference is 'system'. */
const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** Reads and changes the colour mode in the browser (spec §3 "Colour mode state", §4 "Colour mode"). */
export interface ColorModeController {
  /** The current state; a new object after every change, so it can serve as a store snapshot. */
  readonly state: ColorModeState;
  /** Stores the visitor's preference in local storage and applies it at once. */
  setPreference(preference: ColorModePreference): void;
  /** A page-forced mode overrides the preference; undefined releases it. */
  setForced(mode?: 'light' | 'dark'): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: ColorModeState) => void): () => void;
}

/** What {@link startColorMode} needs; window and storage default to the browser's own. */
export interface ColorModeOptions {
  /** The mode forced by the first page's metadata, if any. */
  forced?: 'light' | 'dark' | undefined;
  window?: Window;
  /** Where the preference is kept; defaults to the window's localStorage. */
  storage?: Storage;
}

/**
 * Starts the colour mode: reads the stored preference and the OS setting, applies the resolved
 * mode to `<html>` (the {@link COLOR_MODE_ATTRIBUTE} attribute and `color-scheme`), and keeps it
 * current when the OS setting changes, another tab stores a new preference, or a page forces a
 * mode. It takes over from the inline boot script, which applied the same mode before first paint.
 */
export function startColorMode(options: ColorModeOptions = {}): ColorModeController {
  const view = options.window ?? window;
  const storage = options.storage ?? localStorageOf(view);
  const root = view.document.documentElement;
  const systemQuery = typeof view.matchMedia === 'function' ? view.matchMedia(SYSTEM_DARK_QUERY) : undefined;
  const listeners = new Set<(state: ColorModeState) => void>();

  let systemDark = systemQuery?.matches ?? false;
  let state = computeState(parsePreference(readStored(storage)), options.forced);
  apply();

  function computeState(preference: ColorModePreference, forced: 'light' | 'dark' | undefined): ColorModeState {
    return {
      preference,
      value: resolveColorMode(preference, systemDark, forced),
      // Without matchMedia the OS setting can never be known; the value then falls back to light.
      unknown: systemQuery === undefined,
      ...(forced ? { forced } : {}),
    };
  }

  function apply() {
    root.setAttribute(COLOR_MODE_ATTRIBUTE, state.value);
    root.style.colorScheme = state.value;
  }

  function update(preference: ColorModePreference, forced: 'light' | 'dark' | undefined) {
    const next = computeState(preference, forced);
    if (next.preference === state.preference && next.value === state.value && next.forced === state.forced && next.unknown === state.unknown) return;
    state = next;
    apply();
    for (const listener of listeners) listener(state);
  }

  systemQuery?.addEventListener('change', (event) => {
    systemDark = event.matches;
    update(state.preference, state.forced);
  });
  view.addEventListener('storage', (event) => {
    // Another tab changed the preference: follow it (a null key means that tab cleared storage).
    if (event.storageArea !== storage || (event.key !== COLOR_MODE_STORAGE_KEY && event.key !== null)) return;
    update(parsePreference(event.newValue), state.forced);
  });

  return {
    get state() {
      return state;
    },
    setPreference(preference) {
      if (parsePreference(preference) !== preference) throw new TypeError(`Unknown colour-mode preference: ${String(preference)} (expected light, dark or system)`);
      try {
        storage?.setItem(COLOR_MODE_STORAGE_KEY, preference);
      } catch (error) {
        // Storage can be full or disabled; the choice still applies for this page view.
        console.warn('Could not store the colour-mode preference', error);
      }
      update(preference, state.forced);
    },
    setForced(mode) {
      if (mode !== undefined && mode !== 'light' && mode !== 'dark') throw new TypeError(`A page can force only light or dark, got ${String(mode)}`);
      update(state.preference, mode);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The controller as the page's runtime offers it (the footer's colour-mode choice reads and sets it). */
export function colorModeRuntime(controller: ColorModeController): ColorModeRuntime {
  return {
    getSnapshot: () => controller.state,
    subscribe: (listener) => controller.subscribe(() => listener()),
    setPreference: (preference) => controller.setPreference(preference),
  };
}

/** The window's localStorage, or undefined where reading it throws (blocked storage). */
function localStorageOf(view: Window): Storage | undefined {
  try {
    return view.localStorage;
  } catch {
    return undefined;
  }
}

function readStored(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(COLOR_MODE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
