import type { Progress } from './navigation/navigator.ts';

/** How the top progress bar looks and runs; times are in milliseconds, height in px. */
export interface ProgressBarSettings {
  /** Time over which the bar creeps towards (never to) 100 %. */
  duration: number;
  /** A navigation that finishes sooner never shows the bar at all. */
  throttle: number;
  height: number;
  /** How long a full bar stays visible before it fades out. */
  hideDelay: number;
  /** How long after the fade starts the bar is reset to zero width. */
  resetDelay: number;
  color: string;
}

/**
 * The top progress bar's defaults (spec §2: red, 2000 ms duration, 200 ms throttle, 3 px
 * height, 500 ms hide delay, 400 ms reset delay).
 */
export const PROGRESS_BAR_DEFAULTS: Readonly<ProgressBarSettings> = {
  duration: 2000,
  throttle: 200,
  height: 3,
  hideDelay: 500,
  resetDelay: 400,
  color: '#d61f1f',
};

/** Where the bar is: not shown, waiting out the throttle, creeping, or at 100 % and fading out. */
export type ProgressBarPhase = 'idle' | 'waiting' | 'running' | 'finishing' | 'error';

/** The timers the bar runs on; injected so tests can drive it with a fake clock. */
export type ProgressBarTimers = Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;

/** Options of {@link createProgressBar}: any default can be overridden. */
export type ProgressBarOptions = Partial<ProgressBarSettings> & {
  timers?: ProgressBarTimers;
};

/** The progress bar: the navigator's {@link Progress} plus its phase and value for inspection. */
export type ProgressBar = Progress & { readonly phase: ProgressBarPhase; readonly value: number };

/** How often the creeping width is updated; the width transition smooths the steps in between. */
const CREEP_TICK_MS = 100;

/** Brightness of the bar in the error phase: a darker shade of whatever colour is configured. */
const ERROR_BRIGHTNESS = 0.6;

/**
 * The creep curve (as in Nuxt's loading indicator): an arctangent that reaches about 70 % after
 * `duration` and approaches, but never reaches, 100 %, so a slow page never looks finished.
 */
function estimatedProgress(elapsed: number, duration: number): number {
  return (200 / Math.PI) * Math.atan((2 * elapsed) / duration);
}

/**
 * Drives the server-rendered `#progress-bar` element as the top progress bar (spec §2). start()
 * shows nothing until `throttle` ms have passed, then the bar creeps towards 100 % over
 * `duration`; finish() and fail() fill it, fade it out after `hideDelay` and reset it after a
 * further `resetDelay`. fail() marks the run as an error (`data-state="error"`, darker red).
 * Ending a run before the throttle elapsed cancels it without ever showing the bar.
 */
export function createProgressBar(element: HTMLElement, options: ProgressBarOptions = {}): ProgressBar {
  const { timers = globalThis, ...overrides } = options;
  const settings = validSettings({ ...PROGRESS_BAR_DEFAULTS, ...overrides });

  let phase: ProgressBarPhase = 'idle';
  let value = 0;
  let elapsed = 0;
  let pending: number | undefined;
  let creep: number | undefined;
  let transition: string | undefined;

  /**
   * Styles the element on the first start() and not before: the runtime creates the bar before
   * React hydrates the document, and attributes added then would be hydration mismatches.
   */
  function styleOnce() {
    if (transition !== undefined) return;
    const reducedMotion = element.ownerDocument.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    // The fade takes no longer than the reset delay, so the width never visibly snaps back.
    transition = reducedMotion ? `opacity ${settings.resetDelay}ms ease` : `width ${CREEP_TICK_MS}ms linear, opacity ${settings.resetDelay}ms ease`;
    Object.assign(element.style, {
      position: 'fixed',
      top: '0',
      left: '0',
      height: `${settings.height}px`,
      background: settings.color,
      zIndex: '999999',
      pointerEvents: 'none',
      opacity: '0',
      width: '0%',
      transition,
    });
  }

  function render() {
    element.dataset.state = phase;
    element.style.width = `${value}%`;
    element.style.filter = phase === 'error' ? `brightness(${ERROR_BRIGHTNESS})` : '';
  }

  function clearTimers() {
    if (pending !== undefined) timers.clearTimeout(pending);
    if (creep !== undefined) timers.clearInterval(creep);
    pending = creep = undefined;
  }

  /** Puts a still-visible bar of a previous run back to zero without animating it backwards. */
  function resetInstantly() {
    element.style.transition = 'none';
    element.style.opacity = '0';
    value = 0;
    render();
    void element.offsetWidth; // Commit the reset before the transition comes back.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set by styleOnce(), which start() runs first
    element.style.transition = transition!;
  }

  function show() {
    phase = 'running';
    elapsed = 0;
    element.style.opacity = '1';
    creep = timers.setInterval(() => {
      // Counted in ticks rather than read from a clock: a throttled background tab creeping
      // more slowly is harmless, and the bar never jumps when the tab comes back.
      elapsed += CREEP_TICK_MS;
      value = estimatedProgress(elapsed, settings.duration);
      render();
    }, CREEP_TICK_MS);
    render();
  }

  function end(outcome: 'finishing' | 'error') {
    if (phase === 'idle' || phase === 'finishing' || phase === 'error') return;
    clearTimers();
    if (phase === 'waiting') {
      // Finished within the throttle: the bar was never shown and never will be.
      phase = 'idle';
      render();
      return;
    }
    phase = outcome;
    value = 100;
    render();
    pending = timers.setTimeout(() => {
      element.style.opacity = '0';
      pending = timers.setTimeout(() => {
        pending = undefined;
        phase = 'idle';
        value = 0;
        render();
      }, settings.resetDelay);
    }, settings.hideDelay);
  }

  return {
    start() {
      // A navigation that starts while one is under way keeps the bar where it is.
      if (phase === 'waiting' || phase === 'running') return;
      styleOnce();
      clearTimers();
      if (phase !== 'idle') resetInstantly();
      phase = 'waiting';
      render();
      pending = timers.setTimeout(() => {
        pending = undefined;
        show();
      }, settings.throttle);
    },
    finish: () => end('finishing'),
    fail: () => end('error'),
    get phase() {
      return phase;
    },
    get value() {
      return value;
    },
  };
}

/** Rejects settings that would make the bar misbehave silently (NaN or negative times). */
function validSettings(settings: ProgressBarSettings): ProgressBarSettings {
  for (const key of ['duration', 'throttle', 'height', 'hideDelay', 'resetDelay'] as const) {
    const value = settings[key];
    if (!Number.isFinite(value) || value < 0 || (key === 'duration' && value === 0)) {
      throw new RangeError(`Progress bar ${key} must be a ${key === 'duration' ? 'positive' : 'non-negative'} number, got ${value}`);
    }
  }
  return settings;
}
