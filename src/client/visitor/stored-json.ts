/**
 * JSON values in Web Storage that never break the page: storage can be blocked (the getter
 * throws), full (setItem throws) or hold anything another version of the site wrote.
 */

/** The part of localStorage / sessionStorage the visitor modules use. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The window's localStorage or sessionStorage, or undefined where the browser refuses it. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage', view: Window = window): KeyValueStorage | undefined {
  try {
    return view[kind];
  } catch {
    return undefined;
  }
}

/** The string under `key`, or undefined when absent or unreadable. */
export function readStoredText(storage: KeyValueStorage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The parsed JSON under `key`, or undefined when absent, unreadable or not JSON. */
export function readStoredJson(storage: KeyValueStorage | undefined, key: string): unknown {
  const text = readStoredText(storage, key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores `text` under `key`; false when there is no storage or it refused (full, blocked). */
export function writeStoredText(storage: KeyValueStorage | undefined, key: string, text: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores `value` as JSON under `key`; false when it could not be stored. */
export function writeStoredJson(storage: KeyValueStorage | undefined, key: string, value: unknown): boolean {
  return writeStoredText(storage, key, JSON.stringify(value));
}

/** True for a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
