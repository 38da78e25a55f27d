/**
 * The funnel chart (src/ui/control-center/FunnelChart.tsx): one pair of bars per step,
 * saw and submitted, scaled to the most-seen step, hidden from assistive technology (the table
 * beside it carries the figures), and a legend that tells the series apart without colour alone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FunnelStepReport } from '../../src/core/contract/cc-funnels.ts';
import { FunnelChart } from '../../src/ui/control-center/FunnelChart.tsx';

const line = (step: string, viewed: number, submitted: number): FunnelStepReport => ({
  step,
  title: step,
  viewed,
  submitted,
  dropOff: viewed - submitted,
  dropOffRate: viewed === 0 ? null : (viewed - submitted) / viewed,
});

/** The widths of the chart's bars, in document order (saw, submitted per step). */
function barWidths(html: string): number[] {
  const chart = html.slice(0, html.indexOf('</svg>'));
  return [...chart.matchAll(/<rect [^>]* width="([\d.]+)"/g)].map((match) => Number(match[1]));
}

test('bars are scaled to the most-seen step; the submitted bar is the step’s share of it', () => {
  const html = renderToStaticMarkup(createElement(FunnelChart, { steps: [line('zip', 200, 100), line('medicare', 100, 50), line('call', 0, 0)] }));
  const [zipSaw, zipSubmitted, medicareSaw, medicareSubmitted, callSaw, callSubmitted] = barWidths(html);
  assert.ok(zipSaw! > 0);
  assert.equal(zipSubmitted, zipSaw! / 2);
  assert.equal(medicareSaw, zipSaw! / 2);
  assert.equal(medicareSubmitted, zipSaw! / 4);
  assert.deepEqual([callSaw, callSubmitted], [0, 0]);
  assert.match(html, /<svg viewBox="[^"]*" aria-hidden="true"/);
  assert.match(html, />zip</);
});

test('a funnel nobody saw draws empty bars rather than dividing by zero', () => {
  assert.deepEqual(barWidths(renderToStaticMarkup(createElement(FunnelChart, { steps: [line('zip', 0, 0)] }))), [0, 0]);
});

test('the legend names both series and draws them with different patterns', () => {
  const html = renderToStaticMarkup(createElement(FunnelChart, { steps: [line('zip', 1, 1)] }));
  assert.match(html, /Saw the step/);
  assert.match(html, /Submitted it/);
  assert.match(html, /stroke-dasharray="4 2"/);
});
