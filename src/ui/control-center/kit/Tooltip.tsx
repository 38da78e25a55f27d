/**
 * The kit's tooltip (spec §9: delay 700 ms, skip delay 300 ms). Radix's own defaults happen to be
 * the same; they are set here anyway so a Radix upgrade cannot change them silently.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ComponentPropsWithRef, ReactElement, ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../core/control-center/ui-constants.ts';

/** Wraps a control-center screen once so every tooltip in it shares the skip delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

/** Props of {@link Tooltip}: what it says, the one focusable element it is about, and props for that element. */
export type TooltipProps = { content: ReactNode; children: ReactElement } & Omit<ComponentPropsWithRef<typeof RadixTooltip.Trigger>, 'children' | 'content' | 'asChild'>;

/**
 * A short hint shown after resting on (or focusing) `children`, a single focusable element. Other
 * props (and the ref) go on to that element, so a tooltip can sit inside another primitive's
 * `asChild` trigger (a menu's button) and both behave.
 */
export function Tooltip({ content, children, ...triggerProps }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild {...triggerProps}>
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="cc-tooltip" sideOffset={4}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
