import { createContext, useContext } from 'react';
import type { Language } from '../core/pages/types.ts';

/** Facts about the page being shown that deep blocks need, without threading props through every template. */
export interface PageFacts {
  language: Language;
  /**
   * Whether the call center is open (computed by the payload loader at request time). Calls to
   * action put the phone first inside hours and the online form first outside them (spec §4).
   */
  workingHours: boolean;
  /** Outside working hours, when the call center next opens (epoch ms, payload.nextOpening). */
  nextOpening?: number | undefined;
}

const PageFactsContext = createContext<PageFacts>({ language: 'english', workingHours: false });

/** Provides the page facts to the page tree. */
export const PageFactsProvider = PageFactsContext.Provider;

/** The current page's facts. */
export function usePageFacts(): PageFacts {
  return useContext(PageFactsContext);
}
