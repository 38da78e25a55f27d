/** Multi-step form constants the spec names (§2 "Multi-step form", §9): the one place their values live. */

/** The progress bar animates to the new step over this long (spec §9: 300 ms). */
export const PROGRESS_ANIMATION_MS = 300;

/** …after this delay, so the old width has painted before the transition starts (spec §9: 10 ms). */
export const PROGRESS_ANIMATION_DELAY_MS = 10;

/** Room left above the form top when scrolling to it, besides sticky bars (spec §9: 24 px). */
export const SCROLL_OFFSET_PX = 24;

/**
 * The form field naming the submit button used. A skip button posts `_action=skip`, so the skip
 * action works as a plain form post too (progressive enhancement). The underscore keeps it apart
 * from lead field names.
 */
export const STEP_ACTION_FIELD = '_action';

/** {@link STEP_ACTION_FIELD} value of the skip button. */
export const SKIP_ACTION = 'skip';

/**
 * The hidden form field listing, space-separated, the fields a step's page showed: some wait for
 * the answers they follow (StepField.onlyIf, a model list). Field names only, never a value. A no-JavaScript post of it tells the server
 * which questions the visitor saw: one it did not show is asked by showing the step again, without
 * an error (src/server/funnels/funnel-post.ts).
 */
export const SHOWN_FIELDS_FIELD = '_shown';
