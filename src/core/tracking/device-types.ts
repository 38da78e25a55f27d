/**
 * The device types funnel analytics splits visitors by: what the server reads from an
 * event's user agent when it stores the event (src/server/events/event-facets.ts).
 */

/** Every device type, in the order reports show them. */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;

/** A visitor's device type. */
export type DeviceType = (typeof DEVICE_TYPES)[number];
