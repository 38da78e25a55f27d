/**
 * The statistics of an experiment's result: each variant's conversion rate
 * with its 95 % Wilson score interval, its chance to beat the control (normal approximation of
 * the difference of two proportions) and the sample-ratio-mismatch check (Pearson's chi-square
 * of the visitors against the weights). The counts come from SQL; only this arithmetic runs in
 * JavaScript. Pure, so the CLI and the control center print the same numbers.
 */

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** Below this p-value the visitor split is called a sample-ratio mismatch (GrowthBook's and PostHog's threshold). */
export const SRM_P_THRESHOLD = 0.001;

/** An interval of proportions. */
export interface Interval {
  low: number;
  high: number;
}

/** The 95 % Wilson score interval of `successes` out of `trials`; undefined without trials. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval | undefined {
  if (trials <= 0) return undefined;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/**
 * The standard normal CDF, from the complementary error function (Numerical Recipes' erfc
 * Chebyshev fit, relative error below 1.2e-7 everywhere).
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * The probability that the challenger's true rate is above the control's, from the normal
 * approximation of the difference of the two observed proportions; undefined when either has no
 * visitors. Equal rates with no variance (both 0 % or both 100 %) are a coin toss: 0.5.
 */
export function chanceToBeatControl(control: { conversions: number; visitors: number }, challenger: { conversions: number; visitors: number }): number | undefined {
  if (control.visitors <= 0 || challenger.visitors <= 0) return undefined;
  const pA = control.conversions / control.visitors;
  const pB = challenger.conversions / challenger.visitors;
  const se = Math.sqrt((pA * (1 - pA)) / control.visitors + (pB * (1 - pB)) / challenger.visitors);
  if (se === 0) return pB > pA ? 1 : pB < pA ? 0 : 0.5;
  return normalCdf((pB - pA) / se);
}

/**
 * ln Γ(a) for a whole or half-whole a > 0, the only arguments a chi-square test needs (a = degrees
 * / 2): exact products, Γ(n) = (n - 1)! and Γ(n + ½) = √π · ½ · 3/2 · … · (n - ½).
 */
function logGamma(a: number): number {
  let log = Number.isInteger(a) ? 0 : Math.log(Math.PI) / 2;
  for (let factor = Number.isInteger(a) ? 1 : 0.5; factor < a; factor += 1) log += Math.log(factor);
  return log;
}

/** The regularised upper incomplete gamma function Q(a, x) (series below a + 1, continued fraction above). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; n += 1) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * Math.exp(lnPrefix);
  }
  // Lentz's method for the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(lnPrefix) * h;
}

/** P(X ≥ statistic) for X chi-square distributed with `degrees` degrees of freedom. */
export function chiSquarePValue(statistic: number, degrees: number): number {
  if (!Number.isInteger(degrees) || degrees <= 0) return 1;
  return Math.min(1, Math.max(0, upperGamma(degrees / 2, statistic / 2)));
}

/** The sample-ratio-mismatch check's outcome. */
export interface SrmCheck {
  chiSquare: number;
  pValue: number;
  /** True when pValue is below {@link SRM_P_THRESHOLD}: the split is not what the weights promise, and the result is not to be trusted. */
  mismatch: boolean;
}

/**
 * Pearson's chi-square of the visitors per variant against the split the weights expect;
 * undefined without visitors.
 */
export function sampleRatioCheck(visitors: readonly number[], weights: readonly number[]): SrmCheck | undefined {
  const total = visitors.reduce((sum, count) => sum + count, 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || weightSum <= 0 || visitors.length !== weights.length) return undefined;
  let chiSquare = 0;
  visitors.forEach((observed, index) => {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the lengths of visitors and weights were checked equal above
    const expected = (total * weights[index]!) / weightSum;
    if (expected > 0) chiSquare += (observed - expected) ** 2 / expected;
  });
  const pValue = chiSquarePValue(chiSquare, visitors.length - 1);
  return { chiSquare, pValue, mismatch: pValue < SRM_P_THRESHOLD };
}
