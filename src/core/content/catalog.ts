import { ALLOWANCE_THEMES } from './copy/allowances.ts';
import { AUTO_THEMES } from './copy/auto.ts';
import { COST_THEMES } from './copy/costs.ts';
import { HOME_THEMES } from './copy/home.ts';
import { INTERNAL_THEMES } from './copy/internal.ts';
import { LIFE_HEALTH_THEMES } from './copy/life-health.ts';
import { MEDICARE_PLAN_THEMES } from './copy/medicare-plans.ts';
import { PRIVACY_THEMES } from './copy/privacy.ts';
import { PRIVACY_CHOICES_THEMES } from './copy/privacy-choices.ts';
import { REVIEW_THEMES } from './copy/reviews.ts';
import { SPECIAL_NEEDS_THEMES } from './copy/special-needs.ts';
import { TERMS_THEMES } from './copy/terms.ts';
import type { ThemeContent } from './theme-content.ts';
import type { Theme } from './themes.ts';

/** Every theme's content; the Record type makes a theme without copy a compile error. */
export const THEME_CONTENT: Readonly<Record<Theme, ThemeContent>> = {
  ...HOME_THEMES,
  ...ALLOWANCE_THEMES,
  ...COST_THEMES,
  ...SPECIAL_NEEDS_THEMES,
  ...MEDICARE_PLAN_THEMES,
  ...AUTO_THEMES,
  ...LIFE_HEALTH_THEMES,
  ...REVIEW_THEMES,
  ...TERMS_THEMES,
  ...PRIVACY_THEMES,
  ...PRIVACY_CHOICES_THEMES,
  ...INTERNAL_THEMES,
};
