/**
 * The control center's UI constants (spec §9 "Panel splitter …", §8 "Select item with empty
 * value", "Panel layout total not 100"), one place for every primitive of the kit
 * (src/ui/control-center/kit/*) and the tests that hold the rendered primitives to them.
 */

/** Tooltip: how long the pointer rests on a trigger before the tooltip opens (ms). */
export const TOOLTIP_DELAY_MS = 700;

/** Tooltip: within this long after one closes, the next opens at once (ms). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Hover card: delay before it opens (ms). */
export const HOVER_CARD_OPEN_DELAY_MS = 700;

/** Hover card: delay before it closes once the pointer leaves (ms). */
export const HOVER_CARD_CLOSE_DELAY_MS = 300;

/**
 * Pointer grace (ms): while the pointer travels from a menu's sub-trigger towards its open sub-menu,
 * the sub-menu stays open this long. Radix's menu (dropdown menu) has this built in, not as a prop;
 * test/unit/cc-kit-pointer-grace.test.ts holds the installed Radix to this value.
 */
export const POINTER_GRACE_MS = 300;

/** Typeahead in a select or menu: the typed prefix is forgotten after this long without a key (ms). */
export const TYPEAHEAD_RESET_MS = 1000;

/** Select: the open list keeps this far from the viewport's edges (px). */
export const SELECT_VIEWPORT_MARGIN_PX = 10;

/**
 * Popover: not modal unless a screen asks for it: focus is not trapped and the rest of the page
 * stays usable while it is open (`modal` true would trap focus and make the outside inert).
 */
export const POPOVER_MODAL_DEFAULT = false;

/** Dropdown menu: modal unless a screen asks otherwise. */
export const DROPDOWN_MENU_MODAL_DEFAULT = true;

/** Panel splitter: an arrow key moves it this many percent of the group… */
export const PANEL_KEYBOARD_STEP_PERCENT = 10;

/** …and this many with Shift (all the way). */
export const PANEL_KEYBOARD_SHIFT_STEP_PERCENT = 100;

/** Panel sizes of a group total this many percent; any other total is warned about and normalised. */
export const PANEL_LAYOUT_TOTAL_PERCENT = 100;

/** A changed panel layout is saved (local storage) this long after the last change (ms). */
export const PANEL_LAYOUT_SAVE_DEBOUNCE_MS = 100;

/** The splitter's hit area at least this wide for a coarse pointer (finger) and a fine one (mouse), px. */
export const PANEL_RESIZE_HIT_AREA_PX = Object.freeze({ coarse: 15, fine: 5 });

/** The error a select item with an empty-string value raises (spec §8). */
export const SELECT_EMPTY_VALUE_MESSAGE = 'must have a value that is not an empty string';
