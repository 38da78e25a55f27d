/**
 * The get-phone answer and the leased phone record made from it (spec §3 "Leased phone record").
 * The spec does not show the provider's answer; this is the shape the sandbox marketplace speaks
 * and the server reads: `{ phone_number: '8005550199', expiration: ISO instant, ... }`.
 */
import * as z from 'zod';
import type { LeasedPhone } from '../../core/marketplace/phone.ts';

/** The lease fields of a get-phone answer; other keys are ignored. */
export const GetPhoneAnswerSchema = z.object({
  /** The leased number, ten digits. */
  phone_number: z.string().regex(/^\d{10}$/),
  /** When the lease ends: the request time plus phone_num_lease_time seconds. */
  expiration: z.iso.datetime({ offset: true }),
});

/** A get-phone answer's lease fields. */
export type GetPhoneAnswer = z.output<typeof GetPhoneAnswerSchema>;

/** The leased phone record in a parsed get-phone answer, or null when the answer holds no lease. */
export function leasedPhoneFromAnswer(parsed: unknown): LeasedPhone | null {
  const answer = GetPhoneAnswerSchema.safeParse(parsed);
  return answer.success ? { value: answer.data.phone_number, expirationDate: answer.data.expiration } : null;
}
