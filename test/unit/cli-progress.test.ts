/** cli/progress.ts: a redrawn bar for a person at a terminal, plain occasional lines for a log or pipe. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PLAIN_EVERY_MS, progressLine, REDRAW_EVERY_MS, startProgress } from '../../cli/progress.ts';
import { Capture } from '../support/cli.ts';

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('progressLine', () => {
  test('a bar, the count and the percentage when the total is known', () => {
    assert.equal(progressLine({ label: 'replaying', unit: 'exchanges', total: 4 }, 1), 'replaying [######------------------] 1/4 exchanges 25%');
    assert.equal(progressLine({ label: 'replaying', unit: 'exchanges', total: 4 }, 4), 'replaying [########################] 4/4 exchanges 100%');
  });

  test('a running count when it is not', () => {
    assert.equal(progressLine({ label: 'exporting', unit: 'leads' }, 300), 'exporting 300 leads…');
  });

  test('cut to the terminal width, so a redraw never wraps', () => {
    const line = progressLine({ label: 'replaying', unit: 'exchanges', total: 100 }, 50, 20);
    assert.equal(line, 'replaying [#######…');
    assert.ok(line.length < 20);
  });
});

describe('startProgress', () => {
  test('on a TTY: one line redrawn in place at most every 100 ms (and at the end), erased before the summary', () => {
    const out = new Capture(true);
    const clock = manualClock();
    const progress = startProgress(out, { label: 'replaying', unit: 'exchanges', total: 3, now: clock.now });
    progress.update(1);
    clock.advance(REDRAW_EVERY_MS / 2);
    progress.update(2); // too soon: skipped
    progress.update(3); // the last one is always drawn
    progress.finish('replayed 3');
    assert.equal(
      out.text,
      '\rreplaying [########----------------] 1/3 exchanges 33%' + '\rreplaying [########################] 3/3 exchanges 100%' + '\r\x1b[Kreplayed 3\n',
    );
  });

  test('not a TTY: no carriage return or escape code; quick work prints only the summary', () => {
    const out = new Capture(false);
    const clock = manualClock();
    const progress = startProgress(out, { label: 'exporting', unit: 'leads', now: clock.now });
    for (let done = 100; done <= 500; done += 100) progress.update(done);
    progress.finish('exported 500 leads as csv');
    assert.equal(out.text, 'exported 500 leads as csv\n');
  });

  test('not a TTY: slow work prints a plain line at most every 10 s, so a log shows it is alive', () => {
    const out = new Capture(false);
    const clock = manualClock();
    const progress = startProgress(out, { label: 'exporting', unit: 'leads', now: clock.now });
    clock.advance(PLAIN_EVERY_MS);
    progress.update(1000);
    clock.advance(PLAIN_EVERY_MS / 2);
    progress.update(1500);
    clock.advance(PLAIN_EVERY_MS / 2);
    progress.update(2000);
    progress.finish();
    assert.equal(out.text, 'exporting 1000 leads…\nexporting 2000 leads…\n');
  });

  test('the io decides: the stream’s own isTTY unless told otherwise; finish without a summary erases the bar only', () => {
    const tty = new Capture(true);
    const progress = startProgress(tty, { label: 'replaying', unit: 'exchanges', total: 2 });
    progress.update(1);
    progress.finish();
    assert.equal(tty.text, '\rreplaying [############------------] 1/2 exchanges 50%\r\x1b[K');
    const forced = new Capture(true);
    const plain = startProgress(forced, { label: 'replaying', unit: 'exchanges', total: 2, tty: false });
    plain.update(1);
    plain.finish();
    assert.equal(forced.text, '');
  });
});
