/**
 * A branch's last days as a small inline SVG line chart (no chart library): visitors, step
 * submissions and leads per day. The SVG is decorative for assistive technology (aria-hidden);
 * the same figures are in the table beside it, which is what a screen reader reads.
 */
import type { BranchOverviewResponse } from '../../core/contract/cc-branches.ts';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = 24;

/** The three series, each with a colour of AA contrast on white and a dash pattern (not colour alone). */
const SERIES = [
  { key: 'visitors', label: 'Visitors', colour: '#0b5cad', dash: undefined },
  { key: 'stepSubmissions', label: 'Step submissions', colour: '#8a4b00', dash: '6 4' },
  { key: 'leads', label: 'Leads', colour: '#1d6b2f', dash: '2 3' },
] as const;

/** Line chart and legend of `days`. */
export function TrafficChart({ days }: { days: BranchOverviewResponse['days'] }) {
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map((series) => day[series.key])));
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, days.length - 1);
  const y = (value: number) => HEIGHT - PAD - (value * (HEIGHT - 2 * PAD)) / max;
  return (
    <figure className="cc-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#6b7280" />
        <text x={PAD} y={PAD - 8} fontSize="12" fill="#1a1a1a">
          max {max}
        </text>
        {SERIES.map((series) => (
          <polyline
            key={series.key}
            fill="none"
            stroke={series.colour}
            strokeWidth="2"
            strokeDasharray={series.dash}
            points={days.map((day, index) => `${x(index)},${y(day[series.key])}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="cc-legend">
          {SERIES.map((series) => (
            <li key={series.key}>
              <svg width="24" height="8" aria-hidden="true" focusable="false">
                <line x1="0" y1="4" x2="24" y2="4" stroke={series.colour} strokeWidth="2" strokeDasharray={series.dash} />
              </svg>{' '}
              {series.label}
            </li>
          ))}
        </ul>
        Daily figures for the last {days.length} days (UTC); the table “Per day” has every value.
      </figcaption>
    </figure>
  );
}
