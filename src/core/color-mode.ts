/** Colour-mode preferences (spec §3 "Colour mode state"). */
export type ColorModePreference = 'light' | 'dark' | 'system';

/** The full colour-mode state: preference, applied value, whether it is still unknown, and a page-forced mode. */
export interface ColorModeState {
  preference: ColorModePreference;
  value: 'light' | 'dark';
  /** True until the browser has told us the OS setting (on the server, always). */
  unknown: boolean;
  forced?: 'light' | 'dark';
}

/** localStorage key of the stored preference. */
export const COLOR_MODE_STORAGE_KEY = 'cobrand-color-mode';

/** The `<html>` attribute that carries the applied mode, read by the stylesheet. */
export const COLOR_MODE_ATTRIBUTE = 'data-color-mode';

/** Applied mode: a page-forced mode wins, then an explicit preference, then the OS setting. */
export function resolveColorMode(preference: ColorModePreference, systemDark: boolean, forced?: 'light' | 'dark'): 'light' | 'dark' {
  if (forced) return forced;
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** Parses a stored preference; anything unknown means 'system'. */
export function parsePreference(value: unknown): ColorModePreference {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

/**
 * Inline script run in `<head>` before first paint so a stored dark preference never flashes
 * light. Kept tiny and dependency-free; it mirrors {@link resolveColorMode}.
 */
export const COLOR_MODE_BOOT_SCRIPT = `(function(){try{var d=document.documentElement,f=d.getAttribute('data-forced-color-mode'),p=localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');if(p!=='light'&&p!=='dark')p='system';var v=f||(p==='system'?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p);d.setAttribute('${COLOR_MODE_ATTRIBUTE}',v);}catch(e){}})();`;
