/**
 * What pages ask of the browser about the phone number (spec §3 "Leased phone record", §4
 * "Displayed phone number"): the lease in force, and leasing one. src/client provides the real
 * one; the server renders with {@link SERVER_PHONE}, which never has a lease, so server HTML
 * always shows the brand's default number.
 */
import type { LeasedPhone } from '../../core/marketplace/phone.ts';

/** The live lease as a store for useSyncExternalStore, and the lease call. */
export interface PhoneRuntime {
  /** Calls `listener` when the live lease changes (leased, expired, or leased in another tab). */
  subscribe: (listener: () => void) => () => void;
  /**
   * The lease in force now, or null: a lease whose expiration has passed is null without anyone
   * asking, because the store re-checks at the expiration itself. The same object until it changes.
   */
  getSnapshot: () => LeasedPhone | null;
  /** Leases a number for the current page's visitor (spec §7 get-phone); never rejects, failures keep the default. */
  lease(): Promise<void>;
}

/** The phone runtime while rendering on the server: no lease, nothing to lease. */
export const SERVER_PHONE: PhoneRuntime = {
  subscribe: () => () => undefined,
  getSnapshot: () => null,
  lease: async () => undefined,
};
