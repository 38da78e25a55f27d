/**
 * The demand check in the browser (spec §4 "Demand check", §7, §8): asks the marketplace, through
 * our server, how much a call from this visitor is worth. The result holds the bid
 * (`parsed.ctc.ev`) and whether it is low (a number below 10), and a lowBidResult event carries
 * the flag and the raw marketplace response. Any failure is swallowed: no message, no result.
 * The result is also a store the end screens subscribe to (a low bid shows the ads first).
 */
import { expectValid } from '../../core/check/check.ts';
import { isRelayAnswer } from '../../core/contract/checks.ts';
import { DEMAND_CHECK_PATH } from '../../core/contract/paths.ts';
import type { DemandCheckExecutor } from '../../core/funnels/actions.ts';
import { buildDemandCheckPayload } from '../../core/marketplace/payloads.ts';
import { demandCheckResult, type DemandCheckResult } from '../../core/marketplace/responses.ts';
import { EVENT_NAMES, type LowBidResultProps } from '../../core/tracking/event-props.ts';
import type { DemandRuntime } from '../../ui/funnel/demand-runtime.ts';
import { marketplaceRequest, postJson, type MarketplaceVisitor } from './visitor-context.ts';

/** The demand check and its latest result, which is also a store of it for the UI ({@link DemandRuntime}). */
export interface DemandCheck extends DemandRuntime {
  /** The executor the funnel steps' on-enter actions receive; never rejects. */
  run: DemandCheckExecutor;
  /** The latest check's result; undefined until a check succeeded (failures set none, so an earlier result stays). */
  result(): DemandCheckResult | undefined;
}

/** What {@link createDemandCheck} needs. */
export interface DemandCheckOptions {
  visitor: MarketplaceVisitor;
  /** Records the lowBidResult event. */
  track: (event: string, props: Record<string, unknown>) => void;
}

/**
 * The demand check of the shown page: the exact §7 payload (data: zip and state from the IP
 * lookup; ip; local hour; placement id; user agent; full URL; sub_1 from afid, else the configured
 * affiliate id; source) posted to our server's relay (core/contract/marketplace.ts).
 */
export function createDemandCheck(options: DemandCheckOptions): DemandCheck {
  const { visitor, track } = options;
  let latest: DemandCheckResult | undefined;
  const listeners = new Set<() => void>();

  async function check(): Promise<void> {
    const request = await marketplaceRequest(visitor);
    if (!request) return;
    const payload = buildDemandCheckPayload({
      ...request.input,
      geo: { postalCode: request.geo?.postalCode ?? undefined, stateCode: request.geo?.stateCode ?? undefined },
    });
    const answer = expectValid(isRelayAnswer, await postJson(visitor.fetch, DEMAND_CHECK_PATH, payload), 'a demand-check answer');
    const result = demandCheckResult(answer.parsed);
    if (!result) return;
    latest = result;
    const props: LowBidResultProps = { isLowBid: result.isLowBid, maResponse: answer.raw };
    track(EVENT_NAMES.lowBidResult, { ...props });
    // After the event: a listener that throws (a render) must not cost the event.
    for (const listener of listeners) listener();
  }

  return {
    async run() {
      try {
        await check();
      } catch {
        // Swallowed (spec §8 "Demand-check failure: swallowed, no message, no result").
      }
    },
    result: () => latest,
    getSnapshot: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
