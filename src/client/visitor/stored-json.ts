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

/**
 * How long the visitor's answers and user state live in localStorage: 30 days from when the entry
 * was first stored, however often it is written after, so nothing a visitor typed outlives a month
 * on a shared or lost device.
 */
export const STORED_ENTRY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The object under `key` as {@link writeTimedObject} stored it, its `storedAt` (epoch ms, when it
 * was first stored) included; readers take the parts they know and ignore it. An entry without a
 * readable time (one an older build wrote), from the future, or older than
 * {@link STORED_ENTRY_MAX_AGE_MS} at `now` is removed and reads as undefined: what cannot be aged
 * is not kept.
 */
export function readTimedObject(storage: KeyValueStorage | undefined, key: string, now: number): (Record<string, unknown> & { storedAt: number }) | undefined {
  const raw = readStoredJson(storage, key) as { storedAt?: unknown } | null | undefined;
  const storedAt = raw?.storedAt;
  // A time up to now and younger than the maximum (NaN and Infinity fail the comparisons); an
  // array or a string has no storedAt, so only an object passes.
  if (typeof storedAt === 'number' && storedAt <= now && now - storedAt < STORED_ENTRY_MAX_AGE_MS) return raw as Record<string, unknown> & { storedAt: number };
  // Storage that answered getItem answers removeItem.
  if (raw !== undefined) storage?.removeItem(key);
  return undefined;
}

/** Stores `value` under `key` with `storedAt` beside its own keys; false when it could not be stored. */
export function writeTimedObject(storage: KeyValueStorage | undefined, key: string, value: object, storedAt: number): boolean {
  return writeStoredJson(storage, key, { ...value, storedAt });
}
