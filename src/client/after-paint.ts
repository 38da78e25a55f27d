/**
 * The code a visitor page starts after its first paint, so that tracking, the marketplace and the
 * funnel's step recorder are no part of its first-load JavaScript: a chunk of its own, imported by the runtime
 * (runtime.ts) once the first page has hydrated and the browser is idle, or at once when the
 * visitor clicks or a page asks the marketplace something first.
 */
import type { PublicBrand } from '../core/payload/types.ts';
import { visitorTimeZone } from '../core/hours/state-time-zones.ts';
import type { StepsRuntime } from '../ui/runtime.tsx';
import type { VisitorZoneRuntime } from '../ui/visitor-zone.ts';
import { createStepRecorder } from './leads/step-record.ts';
import type { LeasedPhoneStore } from './marketplace/leased-phone-store.ts';
import { startMarketplace, type Marketplace } from './marketplace/start-marketplace.ts';
import type { PageSource } from './tracking/page-views.ts';
import { startTracking, type Tracking } from './tracking/start-tracking.ts';
import type { TrackingQueue } from './tracking/tracking-queue.ts';
import type { Visitor } from './visitor/start-visitor.ts';

/** What starts after first paint. */
export interface AfterPaint {
  tracking: Tracking;
  marketplace: Marketplace;
  /** The funnel's walked steps, recorded on the server (the first submit comes long after the idle start). */
  steps: StepsRuntime;
  /** The visitor's time zone, from the IP lookup's state (Eastern until it answers or when it names none). */
  visitorZone: VisitorZoneRuntime;
}

/** What {@link startAfterPaint} takes from the runtime started with the page. */
export interface AfterPaintOptions {
  brand: PublicBrand;
  visitor: Visitor;
  pages: PageSource;
  queue: TrackingQueue;
  phoneStore: LeasedPhoneStore;
}

/** Starts tracking (handing it the events the queue held) and the marketplace side. */
export function startAfterPaint({ brand, visitor, pages, queue, phoneStore }: AfterPaintOptions): AfterPaint {
  const tracking = startTracking(brand, visitor, pages, queue);
  const marketplace = startMarketplace({
    pages,
    forms: visitor.forms,
    ipLookup: tracking.ipLookup,
    phoneStore,
    sessionParams: () => visitor.sessionParams,
    track: (event, props) => queue.track(event, props),
  });
  const steps = createStepRecorder({ fetch: (input, init) => fetch(input, init), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
  const { ipLookup } = tracking;
  const visitorZone: VisitorZoneRuntime = { subscribe: (listener) => ipLookup.subscribe(listener), getSnapshot: () => visitorTimeZone(ipLookup.current()?.stateCode) };
  return { tracking, marketplace, steps, visitorZone };
}
