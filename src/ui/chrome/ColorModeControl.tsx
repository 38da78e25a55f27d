import { useId, useSyncExternalStore } from 'react';
import type { ColorModePreference } from '../../core/color-mode.ts';
import type { Language } from '../../core/pages/types.ts';
import { useRuntime } from '../runtime.tsx';

/** The control's words in each language. */
const TEXT: Record<Language, { legend: string; options: Record<ColorModePreference, string>; forced: Record<'light' | 'dark', string> }> = {
  english: {
    legend: 'Color mode',
    options: { light: 'Light', dark: 'Dark', system: 'Same as my device' },
    forced: { light: 'This page is always shown in light mode.', dark: 'This page is always shown in dark mode.' },
  },
  spanish: {
    legend: 'Modo de color',
    options: { light: 'Claro', dark: 'Oscuro', system: 'Igual que mi dispositivo' },
    forced: { light: 'Esta página siempre se muestra en modo claro.', dark: 'Esta página siempre se muestra en modo oscuro.' },
  },
};

const PREFERENCES: readonly ColorModePreference[] = ['light', 'dark', 'system'];

const serverSnapshot = () => null;

/**
 * The visitor's colour-mode choice (spec §4): light, dark or the device's setting, as a radio
 * group, stored in local storage through the runtime and applied at once. On the server, and
 * until the page is hydrated, no option is checked and the group is disabled (the preference
 * lives in the browser); without JavaScript the stylesheet hides it, since it could not work.
 * On a page that forces a mode the group is disabled and says why.
 */
export function ColorModeControl({ language, forced }: { language: Language; forced?: 'light' | 'dark' | undefined }) {
  const { colorMode } = useRuntime();
  const state = useSyncExternalStore(colorMode.subscribe, colorMode.getSnapshot, serverSnapshot);
  const noteId = useId();
  const text = TEXT[language];
  const forcedMode = state ? state.forced : forced;
  return (
    <fieldset className="color-mode" disabled={state === null || forcedMode !== undefined} aria-describedby={forcedMode ? noteId : undefined} data-block-id="color-mode">
      <legend className="color-mode-legend">{text.legend}</legend>
      <div className="color-mode-options">
        {PREFERENCES.map((preference) => (
          <label key={preference} className="color-mode-option">
            <input type="radio" name="color-mode" value={preference} checked={state?.preference === preference} onChange={() => colorMode.setPreference(preference)} />
            <span>{text.options[preference]}</span>
          </label>
        ))}
      </div>
      {forcedMode ? (
        <p id={noteId} className="color-mode-note">
          {text.forced[forcedMode]}
        </p>
      ) : null}
    </fieldset>
  );
}
