/**
 * The panel layout rules of spec §8/§9, kept apart from React so they can be tested alone:
 * sizes total 100 % (any other total is warned about and scaled), the splitter's keyboard step,
 * and saving a layout to local storage 100 ms after the last change.
 */
import {
  PANEL_KEYBOARD_SHIFT_STEP_PERCENT,
  PANEL_KEYBOARD_STEP_PERCENT,
  PANEL_LAYOUT_SAVE_DEBOUNCE_MS,
  PANEL_LAYOUT_TOTAL_PERCENT,
} from '../../../core/control-center/ui-constants.ts';

/** Panel id → size in percent of its group. */
export type PanelLayout = Readonly<Record<string, number>>;

/** Sums closer than this to 100 count as 100 (floating-point sums of percentages). */
const TOTAL_TOLERANCE = 0.01;

/**
 * `layout` scaled so its sizes total 100 %. A layout that did not is a mistake somewhere (a
 * stored layout from another version, a screen's defaults): it is reported with a console warning
 * (spec §8 "Panel layout total not 100") and normalised, never refused.
 */
export function normaliseLayout(layout: PanelLayout): PanelLayout {
  const sizes = Object.values(layout);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (sizes.length === 0 || Math.abs(total - PANEL_LAYOUT_TOTAL_PERCENT) <= TOTAL_TOLERANCE) return layout;
  const scaled = Object.fromEntries(Object.entries(layout).map(([id, size]) => [id, total > 0 ? (size * PANEL_LAYOUT_TOTAL_PERCENT) / total : PANEL_LAYOUT_TOTAL_PERCENT / sizes.length]));
  console.warn(`Panel layout totals ${total}%, not ${PANEL_LAYOUT_TOTAL_PERCENT}%: normalised to ${JSON.stringify(scaled)}`);
  return scaled;
}

/** How far one splitter key press moves it, in percent: 10, or 100 with Shift (spec §9). */
export function keyboardStep(shiftKey: boolean): number {
  return shiftKey ? PANEL_KEYBOARD_SHIFT_STEP_PERCENT : PANEL_KEYBOARD_STEP_PERCENT;
}

/** The two-panel layout after moving the splitter by `delta` percent (positive: the first panel grows). */
export function moveSplitter(layout: PanelLayout, [first, second]: readonly [string, string], delta: number): PanelLayout {
  const start = Math.min(PANEL_LAYOUT_TOTAL_PERCENT, Math.max(0, (layout[first] ?? 0) + delta));
  return { [first]: start, [second]: PANEL_LAYOUT_TOTAL_PERCENT - start };
}

/** Local-storage key of a panel group's saved layout. */
export const layoutStorageKey = (groupId: string): string => `cc-panels:${groupId}`;

/** The saved layout of `groupId` (normalised), or undefined when none or unreadable. */
export function readSavedLayout(storage: Pick<Storage, 'getItem'>, groupId: string): PanelLayout | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(layoutStorageKey(groupId)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed);
    if (entries.length === 0 || !entries.every(([, size]) => typeof size === 'number' && Number.isFinite(size) && size >= 0)) return undefined;
    return normaliseLayout(Object.fromEntries(entries));
  } catch {
    return undefined; // Storage blocked or a corrupt value: the screen's defaults apply.
  }
}

/**
 * A saver that writes a group's layout {@link PANEL_LAYOUT_SAVE_DEBOUNCE_MS} after the last
 * change: dragging fires many changes, and only where the splitter stops is worth a write.
 */
export function debouncedLayoutSaver(storage: Pick<Storage, 'setItem'>, groupId: string): { save(layout: PanelLayout): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    save(layout) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        try {
          storage.setItem(layoutStorageKey(groupId), JSON.stringify(layout));
        } catch {
          // Storage full or blocked: the layout simply is not remembered.
        }
      }, PANEL_LAYOUT_SAVE_DEBOUNCE_MS);
    },
    cancel: () => clearTimeout(timer),
  };
}
