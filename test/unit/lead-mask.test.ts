import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { maskLeadFields, maskLeadValue } from '../../src/core/leads/mask.ts';

describe('maskLeadValue', () => {
  const cases: Array<[field: string, value: unknown, masked: unknown]> = [
    ['driver1Email', 'jane.doe@example.com', 'j***@e***.com'],
    ['email', 'x@mail.example.co.uk', 'x***@m***.uk'],
    ['driver2Email', 'not-an-email', 'n***'],
    ['driver1Phone', '(305) 555-4567', '(***) ***-4567'],
    ['phone', '3055554567', '(***) ***-4567'],
    ['contactPhone', '12345', '(***) ***-****'],
    ['driver1FirstName', 'Jane', 'J***'],
    ['lastName', 'Doe', 'D***'],
    ['driver1Address', '1 Main St', '1***'],
    ['driver1Address2', 'Apt 2', 'A***'],
    ['driver1Dob', '1980-04-30', '***'],
    ['dateOfBirth', '1980-04-30', '***'],
    // Absent and empty values say "not given", which is no secret.
    ['driver1FirstName', '', ''],
    ['driver1FirstName', null, null],
    ['driver1FirstName', undefined, undefined],
    ['driver1Phone', 3055554567, '***'],
    // Not personal: shown as stored.
    ['zipcode', '33187', '33187'],
    ['driver1Gender', 'female', 'female'],
    ['homeowner', true, true],
  ];
  for (const [field, value, masked] of cases) {
    test(`${field} ${JSON.stringify(value)} → ${JSON.stringify(masked)}`, () => {
      assert.equal(maskLeadValue(field, value), masked);
    });
  }

  test('maskLeadFields keeps every key and masks only personal values', () => {
    assert.deepEqual(maskLeadFields({ zipcode: '33187', driver1FirstName: 'Jane', driver1Email: '' }), {
      zipcode: '33187',
      driver1FirstName: 'J***',
      driver1Email: '',
    });
  });
});
