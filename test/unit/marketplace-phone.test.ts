import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { displayedPhone, phoneForms, type LeasedPhone } from '../../src/core/marketplace/phone.ts';
import { LeasedPhoneSchema } from '../../src/core/marketplace/phone-schema.ts';

describe('displayedPhone: the leased number while its expiration is later than now (spec §4)', () => {
  const leased: LeasedPhone = { value: '8885550199', expirationDate: '2025-06-01T12:00:00.000Z' };
  const cases: Array<[string, LeasedPhone | undefined, string, string]> = [
    ['before expiry: leased', leased, '2025-06-01T11:59:59.999Z', '8885550199'],
    ['at expiry: default', leased, '2025-06-01T12:00:00.000Z', '8005550123'],
    ['after expiry: default', leased, '2025-06-01T12:00:00.001Z', '8005550123'],
    ['no lease: default', undefined, '2025-06-01T00:00:00.000Z', '8005550123'],
    ['offset expiration compared as an instant', { ...leased, expirationDate: '2025-06-01T08:00:00-04:00' }, '2025-06-01T11:59:00Z', '8885550199'],
    ['unreadable expiration: default', { ...leased, expirationDate: 'soon' }, '2025-06-01T00:00:00.000Z', '8005550123'],
  ];
  for (const [label, lease, now, expected] of cases) {
    test(label, () => assert.equal(displayedPhone(lease, '8005550123', new Date(now)), expected));
  }

  test('LeasedPhoneSchema accepts an ISO instant and refuses other dates', () => {
    assert.equal(LeasedPhoneSchema.safeParse(leased).success, true);
    assert.equal(LeasedPhoneSchema.safeParse({ ...leased, expirationDate: '2025-06-01T08:00:00-04:00' }).success, true);
    assert.equal(LeasedPhoneSchema.safeParse({ ...leased, expirationDate: '2025-06-01' }).success, false);
    assert.equal(LeasedPhoneSchema.safeParse({ ...leased, value: '' }).success, false);
  });
});

describe('phoneForms (spec §3: raw, tel with leading +, grouped)', () => {
  const cases: Array<[string, ReturnType<typeof phoneForms>]> = [
    ['8005550123', { raw: '8005550123', tel: 'tel:+18005550123', grouped: '(800) 555-0123' }],
    ['18005550123', { raw: '8005550123', tel: 'tel:+18005550123', grouped: '(800) 555-0123' }],
    ['+1 (800) 555-0123', { raw: '8005550123', tel: 'tel:+18005550123', grouped: '(800) 555-0123' }],
    ['800-555-0123', { raw: '8005550123', tel: 'tel:+18005550123', grouped: '(800) 555-0123' }],
    ['5550123', { raw: '5550123', tel: 'tel:5550123', grouped: '5550123' }],
    ['28005550123', { raw: '28005550123', tel: 'tel:28005550123', grouped: '28005550123' }],
  ];
  for (const [input, expected] of cases) test(JSON.stringify(input), () => assert.deepEqual(phoneForms(input), expected));
});
