/**
 * What changed between two upstream answers, for `cobrand demand-check replay`: keys changed,
 * added or removed, at any depth, named by path (`ctc.ev`, `ads[0].bid`).
 */

/** One difference between two answers. */
export type AnswerChange =
  | { kind: 'changed'; path: string; before: unknown; after: unknown }
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown };

/** How the whole answer is named when it is not an object (a bare value, or text that was not JSON). */
export const WHOLE_ANSWER = '(whole answer)';

/**
 * An answer as recorded or received: its JSON value, or the text itself when it is not JSON
 * (so a garbled body still compares), or null when there was none.
 */
export function answerValue(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Every difference from `before` to `after`, depth first in key order. Objects are compared key
 * by key, arrays index by index (an index only one side has is added or removed); anything else
 * is compared by value. Identical answers give [].
 */
export function diffAnswers(before: unknown, after: unknown, path = ''): AnswerChange[] {
  if (isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const childPath = Array.isArray(before) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
      const had = Object.hasOwn(before, key);
      const has = Object.hasOwn(after, key);
      const was = (before as Record<string, unknown>)[key];
      const is = (after as Record<string, unknown>)[key];
      if (!had) return [{ kind: 'added', path: childPath, after: is } as const];
      if (!has) return [{ kind: 'removed', path: childPath, before: was } as const];
      return diffAnswers(was, is, childPath);
    });
  }
  return Object.is(before, after) ? [] : [{ kind: 'changed', path: path === '' ? WHOLE_ANSWER : path, before, after }];
}

/** One change as a line: `changed ctc.ev: 26 -> 36`, `added foo: 1`, `removed bar: "x"`. */
export function formatAnswerChange(change: AnswerChange): string {
  switch (change.kind) {
    case 'changed':
      return `changed ${change.path}: ${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}`;
    case 'added':
      return `added   ${change.path}: ${JSON.stringify(change.after)}`;
    case 'removed':
      return `removed ${change.path}: ${JSON.stringify(change.before)}`;
  }
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
