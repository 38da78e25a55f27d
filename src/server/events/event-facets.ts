/**
 * The facets of an event (migration 0007_event_facets): values read once from its properties
 * when it is stored, kept in indexed columns so funnel and experiment queries group and filter
 * on plain columns instead of parsing JSON per row.
 */
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import type { DeviceType } from '../../core/tracking/device-types.ts';
import { EVENT_NAMES } from '../../core/tracking/event-props.ts';

/** The facet columns of the events table, as stored. */
export interface EventFacets {
  /** The route name (context `page.name`), null when the event names none. */
  route: string | null;
  /** The funnel step the event is about: the step shown (pageView) or submitted (formStepSubmitted). */
  step: string | null;
  /** Read from the context's user agent; null when the event carries none. */
  device_type: DeviceType | null;
  /** 1 for paid traffic (context `paid`), else 0. */
  paid: number;
  /** The experiment an experimentEntered event entered (its `name`), else null. */
  experiment: string | null;
  /** The variant an experimentEntered event entered, else null. */
  variant: string | null;
}

/**
 * User agents already read. A visitor's events all carry the same user agent and the parser
 * runs dozens of regular expressions, so a small cache saves nearly every parse at ingest.
 */
const deviceTypes = new LRUCache<string, DeviceType>({ max: 2000 });

/**
 * The device type of a user agent: ua-parser-js's mobile and tablet; everything else (a
 * desktop browser, a TV, a console, or no device information at all) counts as desktop.
 */
export function deviceTypeOf(userAgent: string): DeviceType {
  const cached = deviceTypes.get(userAgent);
  if (cached !== undefined) return cached;
  const type = new UAParser(userAgent).getDevice().type;
  const deviceType: DeviceType = type === 'mobile' || type === 'tablet' ? type : 'desktop';
  deviceTypes.set(userAgent, deviceType);
  return deviceType;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Reads the facets of one event from its name and (already validated, parsed) properties. */
export function eventFacets(event: string, properties: unknown): EventFacets {
  const props = (typeof properties === 'object' && properties !== null ? properties : {}) as Record<string, unknown>;
  const page = props.page as { name?: unknown } | null | undefined;
  const userAgent = text(props.userAgent);
  const entered = event === EVENT_NAMES.experimentEntered;
  return {
    route: typeof page === 'object' && page !== null ? text(page.name) : null,
    step: event === EVENT_NAMES.pageView || event === EVENT_NAMES.formStepSubmitted ? text(props.stepName) : null,
    device_type: userAgent === null ? null : deviceTypeOf(userAgent),
    paid: props.paid === true ? 1 : 0,
    experiment: entered ? text(props.name) : null,
    variant: entered ? text(props.variant) : null,
  };
}
