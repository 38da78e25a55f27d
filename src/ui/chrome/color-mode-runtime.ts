/**
 * What pages ask of the browser about the colour mode (spec §3 "Colour mode state", §4 "Colour
 * mode"): the state and the visitor's choice. src/client provides the real one (over
 * src/client/color-mode.ts); the server renders with {@link SERVER_COLOR_MODE}, which knows no
 * state, since the preference lives in the visitor's local storage.
 */
import type { ColorModePreference, ColorModeState } from '../../core/color-mode.ts';

/** The colour-mode state as a store for useSyncExternalStore, and the visitor's choice. */
export interface ColorModeRuntime {
  /** The current state, the same object until it changes; null while rendering on the server. */
  getSnapshot: () => ColorModeState | null;
  subscribe: (listener: () => void) => () => void;
  /** Stores the preference (local storage) and applies it at once. */
  setPreference(preference: ColorModePreference): void;
}

/** The colour mode while rendering on the server: unknown, nothing to change. */
export const SERVER_COLOR_MODE: ColorModeRuntime = {
  getSnapshot: () => null,
  subscribe: () => () => undefined,
  setPreference: () => undefined,
};
