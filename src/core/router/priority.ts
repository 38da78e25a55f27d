/**
 * Route priority: which of two patterns the matcher tries first when both could match a path.
 * One comparator, used by the matcher to order the table and by the audit to find routes whose
 * order would be decided by nothing but their place in the table.
 */
import type { CompiledPattern, Segment } from './pattern.ts';

/**
 * The weight of what a pattern has at one position; lower is tried first. A static segment is
 * more specific than a param, a param more than an optional param, an optional param more than a
 * catch-all. A pattern that has ended weighs as much as an optional segment: an optional segment
 * may be absent, so there the two patterns match the same paths.
 */
const WEIGHT: Readonly<Record<Segment['kind'] | 'end', number>> = { static: 0, param: 1, optional: 2, end: 2, catchAll: 3 };

function weight(segment: Segment | undefined): number {
  return WEIGHT[segment?.kind ?? 'end'];
}

/**
 * Orders two compiled patterns, most specific first (a negative result puts `a` first). They are
 * compared segment by segment from the left, and the first position where they differ in kind
 * decides:
 *
 * - static segments before params before optional params before catch-alls
 *   (`/reviews/aetna` before `/reviews/{slug*}`, `/x/{id}` before `/x/{step?}`);
 * - longer before shorter (`/branches/{branch}/pages` before `/branches/{branch}`), except that
 *   an optional tail ties with the pattern it extends (`/x/{step?}` and `/x` both match `/x`) and
 *   a catch-all tail comes after it (they never match the same path, so that order is moot).
 *
 * Static values are not compared: two patterns that differ only in a static segment's value can
 * never match the same path. Zero means a tie, which the matcher breaks by table order and the
 * audit reports when the two patterns can match the same path for one brand ({@link tieKey}).
 */
export function comparePatterns(a: CompiledPattern, b: CompiledPattern): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index++) {
    const difference = weight(a.segments[index]) - weight(b.segments[index]);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * A key two patterns share exactly when they tie under {@link comparePatterns} and some path
 * matches both: the same static values and param kinds at every position, an optional tail
 * counted as absent. `/x/{id}` and `/x/{slug}` share one; so do `/x` and `/x/{step?}`.
 */
export function tieKey(compiled: CompiledPattern): string {
  const segments = compiled.segments.at(-1)?.kind === 'optional' ? compiled.segments.slice(0, -1) : compiled.segments;
  return JSON.stringify(segments.map((segment) => (segment.kind === 'static' ? `=${segment.value}` : segment.kind)));
}
