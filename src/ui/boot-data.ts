import type { Payload } from '../core/payload/types.ts';

/**
 * The id of the `<script type="application/json">` holding the boot data. Not `__cobrand`: an
 * element's id is also a property of `window` (named access), so `window.__cobrand`, which the
 * client runtime sets once it has started (client/start-runtime.ts), read as started as soon as the
 * boot data was parsed, and browser tests waiting for the runtime went on before it was there.
 */
export const BOOT_DATA_ID = 'cobrand-boot-data';

/** Hashed asset URLs of this build; the same on server and client so hydration matches. */
export interface Assets {
  entry: string;
  css: string[];
  /**
   * The page template's chunk and the chunks it imports statically, linked with
   * `<link rel="modulepreload">` so they load alongside the entry rather than after it has run;
   * absent on pages whose template is in the entry or loaded on its own.
   */
  preload?: string[];
}

/** What the server embeds once and the client hydrates from. */
export interface BootData {
  payload: Payload;
  assets: Assets;
}

/**
 * Serialises boot data for a `<script type="application/json">`: escapes `<`, `>`, `&` and the
 * JS line separators so no string in the payload can close the script tag.
 */
export function serialiseBootData(data: BootData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
