/**
 * The zod schema of a leased phone record, for the server and the contract (the get-phone
 * answer). The browser checks the same record with phone.ts isLeasedPhone, without zod;
 * test/unit/browser-checks.test.ts holds the two together.
 */
import * as z from 'zod';
import { ISO_DATETIME_PATTERN } from '../check/formats.ts';
import type { LeasedPhone } from './phone.ts';

/** A leased phone number and when its lease ends (ISO 8601 instant, as stored in user state). */
export const LeasedPhoneSchema = z.object({
  value: z.string().min(1),
  expirationDate: z.string().regex(ISO_DATETIME_PATTERN, 'must be an ISO 8601 date and time'),
}) satisfies z.ZodType<LeasedPhone>;
