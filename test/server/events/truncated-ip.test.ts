/** What an event keeps of a client address: its /24 or /48, never the address itself. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { truncatedIp } from '../../../src/server/events/truncated-ip.ts';

const CASES: Array<[ip: string | null | undefined, kept: string | null]> = [
  ['203.0.113.77', '203.0.113.0'],
  ['10.0.0.1', '10.0.0.0'],
  ['255.255.255.255', '255.255.255.0'],
  ['256.1.1.1', null],
  ['1.2.3', null],
  ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
  ['2001:DB8:0000:0042::1', '2001:db8:0::'],
  ['2001:db8::1', '2001:db8:0::'],
  ['::1', '0:0:0::'],
  ['fe80::1%eth0', 'fe80:0:0::'],
  ['::ffff:203.0.113.77', '::ffff:203.0.113.0'],
  ['2001:db8::1::2', null],
  ['1:2:3:4:5:6:7:8:9', null],
  ['not an address', null],
  ['', null],
  [null, null],
  [undefined, null],
];

for (const [ip, kept] of CASES) test(`${JSON.stringify(ip)} -> ${JSON.stringify(kept)}`, () => assert.equal(truncatedIp(ip), kept));
