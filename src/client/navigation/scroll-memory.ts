/**
 * Scroll positions by history entry (DESIGN.md "Learn from": react-router's manual scroll
 * restoration). Kept in sessionStorage, not in memory: after a reload, or after Back to an entry
 * whose document is gone, a new document must still find where the visitor was. The browser's own
 * restoration is off ('manual') while the app runs, because it would restore before a client
 * navigation has rendered; it is turned back on at pagehide, so a real reload or a return from the
 * back/forward cache is restored by the browser itself, and off again at pageshow.
 */

/** A scroll position in CSS pixels. */
export interface ScrollPosition {
  x: number;
  y: number;
}

/** Positions by history entry key (the navigator keeps a key in every entry's `history.state`). */
export interface ScrollMemory {
  get(entry: string): ScrollPosition | undefined;
  save(entry: string, position: ScrollPosition): void;
}

/** The sessionStorage item holding the positions. */
export const SCROLL_STORAGE_KEY = 'cobrand:scroll';

/** At most this many entries are kept; the least recently saved go first. Enough for any Back chain. */
export const SCROLL_MEMORY_LIMIT = 50;

type Stored = [entry: string, x: number, y: number][];

function isStored(value: unknown): value is Stored {
  return (
    Array.isArray(value) &&
    value.every((row) => Array.isArray(row) && row.length === 3 && typeof row[0] === 'string' && Number.isFinite(row[1]) && Number.isFinite(row[2]))
  );
}

/**
 * Scroll positions in `storage` (the tab's sessionStorage), bounded to `limit` entries. Read on
 * every `get`, since another document of the same tab (the page after a reload, or one left in the
 * back/forward cache) may have saved meanwhile. Storage that is missing, full or refused (private
 * modes) degrades to positions kept for this document only; unreadable contents read as empty.
 */
export function createScrollMemory(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, limit = SCROLL_MEMORY_LIMIT): ScrollMemory {
  let fallback: Stored = [];
  const read = (): Stored => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(SCROLL_STORAGE_KEY) ?? 'null');
      return isStored(value) ? value : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get(entry) {
      const row = read().find(([key]) => key === entry);
      return row ? { x: row[1], y: row[2] } : undefined;
    },
    save(entry, { x, y }) {
      const row: Stored[number] = [entry, Math.round(x), Math.round(y)];
      const rows = [...read().filter(([key]) => key !== entry), row].slice(-limit);
      fallback = rows;
      try {
        storage?.setItem(SCROLL_STORAGE_KEY, JSON.stringify(rows));
      } catch {
        // Full or refused: this document still has `fallback`.
      }
    },
  };
}

/** The page events and history the restoration switch needs; the browser's window by default. */
export type ScrollRestorationWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & { history: Pick<History, 'scrollRestoration'> };

/**
 * Sets `history.scrollRestoration` to 'manual' now and at every pageshow, and to 'auto' at every
 * pagehide (after `beforeHide`, which saves the position of the page being left). Returns the
 * function that stops it.
 */
export function manageScrollRestoration(win: ScrollRestorationWindow, beforeHide: () => void): () => void {
  const manual = () => {
    win.history.scrollRestoration = 'manual';
  };
  const auto = () => {
    beforeHide();
    win.history.scrollRestoration = 'auto';
  };
  manual();
  win.addEventListener('pageshow', manual);
  win.addEventListener('pagehide', auto);
  return () => {
    win.removeEventListener('pageshow', manual);
    win.removeEventListener('pagehide', auto);
  };
}
