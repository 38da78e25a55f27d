/**
 * The visitor's anonymous id and session (spec §3 "Visitor session", §4 "Each tracked event
 * updates the session's last-activity time").
 *
 * - The anonymous id is a UUID kept in localStorage for good: the same visitor across visits. On a
 *   first visit it is the id the server issued in the visitor-id cookie when there is one, the id
 *   the server bucketed the visitor's experiments by.
 * - The session lives in localStorage as `{ id, lastActivityAt }` and ends after
 *   {@link SESSION_INACTIVITY_MS} without a tracked event, the web-analytics convention. Being in
 *   localStorage, one session spans all of the visitor's tabs, and a visitor who closes the tab
 *   and comes back ten minutes later is still in the same session (sessionStorage would split
 *   both cases into new sessions).
 *
 * Where storage is blocked both live in memory for the page's lifetime.
 */
import { SESSION_INACTIVITY_MS, TRACKING_ID_MAX_LENGTH } from '../../core/tracking/constants.ts';
import { randomId } from './random-id.ts';
import { isPlainObject, readStoredJson, readStoredText, writeStoredJson, writeStoredText, type KeyValueStorage } from './stored-json.ts';

/** localStorage key of the anonymous visitor id. */
export const ANONYMOUS_ID_STORAGE_KEY = 'cobrand:anonymous-id';

/** Re-exported: tests and the session logic read it from here. */
export { SESSION_INACTIVITY_MS };

/** localStorage key of the session record. */
export const SESSION_STORAGE_KEY = 'cobrand:session';

/** The stored session. */
export interface VisitorSession {
  id: string;
  /** Epoch milliseconds of the last tracked event. */
  lastActivityAt: number;
}

/** The visitor's ids. */
export interface VisitorIdentity {
  /** The anonymous visitor id, fixed for the page's lifetime. */
  readonly anonymousId: string;
  /** Records activity at `now` (every tracked event does) and returns the session id in force. */
  touch(now?: number): string;
}

/** What {@link createVisitorIdentity} needs; `newId` and `now` default to UUIDs and the clock. */
export interface VisitorIdentityOptions {
  storage: KeyValueStorage | undefined;
  /** An id the server issued (the visitor-id cookie), taken instead of a new one on a first visit. */
  issuedId?: string | undefined;
  newId?: () => string;
  now?: () => number;
}

/** True when `value` can serve as a stored id: what the event endpoint accepts. */
export function isUsableId(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= TRACKING_ID_MAX_LENGTH;
}

function readSession(storage: KeyValueStorage | undefined): VisitorSession | undefined {
  const raw = readStoredJson(storage, SESSION_STORAGE_KEY);
  if (!isPlainObject(raw) || !isUsableId(raw.id) || typeof raw.lastActivityAt !== 'number' || !Number.isFinite(raw.lastActivityAt)) return undefined;
  return { id: raw.id, lastActivityAt: raw.lastActivityAt };
}

/**
 * Reads the visitor's ids from `storage`, creating the anonymous id on the first visit. The session
 * is read again at every call, so activity in another tab keeps this tab's session alive too.
 */
export function createVisitorIdentity(options: VisitorIdentityOptions): VisitorIdentity {
  const { storage, issuedId, newId = randomId, now = () => Date.now() } = options;
  const stored = readStoredText(storage, ANONYMOUS_ID_STORAGE_KEY);
  // The server bucketed a first visit's experiments by the id it issued: adopting it keeps the variant the first HTML showed.
  const anonymousId = isUsableId(stored) ? stored : isUsableId(issuedId) ? issuedId : newId();
  if (anonymousId !== stored) writeStoredText(storage, ANONYMOUS_ID_STORAGE_KEY, anonymousId);
  let memory: VisitorSession | undefined;

  return {
    anonymousId,
    touch(at = now()) {
      const current = readSession(storage) ?? memory;
      // A clock set back makes the elapsed time negative: that is not inactivity.
      const live = current !== undefined && at - current.lastActivityAt < SESSION_INACTIVITY_MS;
      memory = live ? { id: current.id, lastActivityAt: Math.max(at, current.lastActivityAt) } : { id: newId(), lastActivityAt: at };
      writeStoredJson(storage, SESSION_STORAGE_KEY, memory);
      return memory.id;
    },
  };
}
