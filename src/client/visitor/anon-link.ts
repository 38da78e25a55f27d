/**
 * Anonymous-id linking (spec §4): on load, when a stored anonymous id from before exists and the
 * linked flag is not true, one anonLink event carries it as `oldUserId`, and the flag is set.
 *
 * "From before" means the id the site's earlier analytics library kept for this browser: the
 * Segment-style `ajs_anonymous_id`, in localStorage (a JSON string) or as a cookie. Linking it once
 * lets reports join that history to the current anonymous id. An old id equal to the current
 * one needs no link.
 */
import type { AnonLinkProps } from '../../core/tracking/event-props.ts';
import { isUsableId } from './identity.ts';
import { readStoredText, writeStoredText, type KeyValueStorage } from './stored-json.ts';

/** Where the earlier analytics library kept its anonymous id: localStorage key and cookie name. */
export const LEGACY_ANONYMOUS_ID_KEY = 'ajs_anonymous_id';

/** localStorage key of the linked flag; the string 'true' once the link was sent. */
export const ANON_LINKED_STORAGE_KEY = 'cobrand:anon-linked';

/** The earlier library stored ids JSON-encoded (`"abc"`); cookies may also be percent-encoded. */
function decodeLegacyId(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let text = raw.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not percent-encoded after all; use it as it is.
  }
  if (text.startsWith('"')) {
    try {
      text = JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  return isUsableId(text) ? text : undefined;
}

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1);
  }
  return undefined;
}

/** The earlier anonymous id kept in `storage` or, failing that, in the cookies; undefined when none. */
export function previousAnonymousId(storage: KeyValueStorage | undefined, cookieHeader: string): string | undefined {
  return decodeLegacyId(readStoredText(storage, LEGACY_ANONYMOUS_ID_KEY)) ?? decodeLegacyId(cookieValue(cookieHeader, LEGACY_ANONYMOUS_ID_KEY));
}

/** What {@link linkPreviousAnonymousId} needs. */
export interface AnonLinkOptions {
  storage: KeyValueStorage | undefined;
  /** `document.cookie`. */
  cookieHeader: string;
  currentAnonymousId: string;
  /** Records the anonLink event. */
  track: (props: AnonLinkProps) => void;
}

/**
 * Sends the anonLink event when an earlier anonymous id exists, differs from the current one, and
 * the linked flag is not 'true'; then sets the flag. Returns whether it sent one. Without storage
 * the flag cannot be kept, so nothing is sent rather than one link per page view.
 */
export function linkPreviousAnonymousId(options: AnonLinkOptions): boolean {
  const { storage, cookieHeader, currentAnonymousId, track } = options;
  if (!storage || readStoredText(storage, ANON_LINKED_STORAGE_KEY) === 'true') return false;
  const oldUserId = previousAnonymousId(storage, cookieHeader);
  if (oldUserId === undefined || oldUserId === currentAnonymousId) return false;
  if (!writeStoredText(storage, ANON_LINKED_STORAGE_KEY, 'true')) return false;
  track({ oldUserId });
  return true;
}
