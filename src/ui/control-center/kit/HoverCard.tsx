/** The kit's hover card (spec §9: opens after 700 ms, closes 300 ms after the pointer leaves). */
import * as RadixHoverCard from '@radix-ui/react-hover-card';
import type { ReactElement, ReactNode } from 'react';
import { HOVER_CARD_CLOSE_DELAY_MS, HOVER_CARD_OPEN_DELAY_MS } from '../../../core/control-center/ui-constants.ts';

/** A preview card for `children` (a link), shown while the pointer rests on it. */
export function HoverCard({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <RadixHoverCard.Root openDelay={HOVER_CARD_OPEN_DELAY_MS} closeDelay={HOVER_CARD_CLOSE_DELAY_MS}>
      <RadixHoverCard.Trigger asChild>{children}</RadixHoverCard.Trigger>
      <RadixHoverCard.Portal>
        <RadixHoverCard.Content className="cc-floating" sideOffset={4}>
          {content}
        </RadixHoverCard.Content>
      </RadixHoverCard.Portal>
    </RadixHoverCard.Root>
  );
}
