/**
 * One funnel's steps as a small inline SVG bar chart (no chart library, as TrafficChart): per
 * step, a bar for the visitors who saw it and one for those who submitted it, so the drop-off is
 * the gap. The SVG is decorative for assistive technology (aria-hidden); the table beside it has
 * every figure and is what a screen reader reads.
 */
import type { FunnelStepReport } from '../../core/contract/cc-funnels.ts';

const WIDTH = 600;
const ROW = 44;
const LABEL = 150;
const PAD = 8;
const BAR = 16;
/** Room right of the longest bar for its count. */
const COUNT = 48;

/** The two series, each with a colour of AA contrast on white and a pattern of its own (not colour alone). */
const SERIES = [
  { key: 'viewed', label: 'Saw the step', colour: '#0b5cad', dash: undefined },
  { key: 'submitted', label: 'Submitted it', colour: '#8a4b00', dash: '4 2' },
] as const;

/** Bars and legend of `steps`. */
export function FunnelChart({ steps }: { steps: readonly FunnelStepReport[] }) {
  const max = Math.max(1, ...steps.map((step) => step.viewed));
  const width = (value: number) => (value * (WIDTH - LABEL - COUNT - PAD)) / max;
  const height = PAD * 2 + steps.length * ROW;
  return (
    <figure className="cc-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false">
        {steps.map((step, index) => {
          const top = PAD + index * ROW;
          return (
            <g key={step.step}>
              <text x={0} y={top + BAR} fontSize="12" fill="#1a1a1a">
                {step.step}
              </text>
              {SERIES.map((series, row) => (
                <rect
                  key={series.key}
                  x={LABEL}
                  y={top + row * (BAR + 2)}
                  width={width(step[series.key])}
                  height={BAR}
                  fill={series.dash ? 'none' : series.colour}
                  stroke={series.colour}
                  strokeWidth="2"
                  strokeDasharray={series.dash}
                />
              ))}
              <text x={LABEL + width(step.viewed) + 4} y={top + BAR - 4} fontSize="12" fill="#1a1a1a">
                {step.viewed}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="cc-legend">
          {SERIES.map((series) => (
            <li key={series.key}>
              <svg width="24" height="10" aria-hidden="true" focusable="false">
                <rect x="1" y="1" width="22" height="8" fill={series.dash ? 'none' : series.colour} stroke={series.colour} strokeWidth="2" strokeDasharray={series.dash} />
              </svg>{' '}
              {series.label}
            </li>
          ))}
        </ul>
        Visitors per funnel step; the table below has every value.
      </figcaption>
    </figure>
  );
}
