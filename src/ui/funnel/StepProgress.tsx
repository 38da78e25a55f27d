import { PROGRESS_ANIMATION_DELAY_MS, PROGRESS_ANIMATION_MS } from '../../core/funnels/constants.ts';
import type { FunnelText } from './text.ts';

/**
 * "Step N of M" on the visitor's own path (core/funnels/visitor-path.ts) and a bar that grows to
 * the new step over 300 ms after a 10 ms delay (spec §2).
 * The bar element survives step changes (the page is not recreated), so the CSS transition
 * animates from the previous width. The text carries the information; the bar is decoration.
 */
export function StepProgress({ number, total, text }: { number: number; total: number; text: FunnelText }) {
  // A path holds at least the shown step, so total is never 0; CSS takes the fraction as it is.
  const percent = (number / total) * 100;
  return (
    <div className="funnel-progress">
      <p className="funnel-progress-text" aria-live="polite">
        {text.progress(number, total)}
      </p>
      <div className="funnel-progress-track" aria-hidden="true">
        <div
          className="funnel-progress-bar"
          style={{ width: `${percent}%`, transition: `width ${PROGRESS_ANIMATION_MS}ms ease-out ${PROGRESS_ANIMATION_DELAY_MS}ms` }}
        />
      </div>
    </div>
  );
}
