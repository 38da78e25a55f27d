/**
 * The IP-lookup data layer without the HTTP route: address parsing, the non-public ranges, the
 * IPv6 word conversion checked against the ASN package's own numeric files, and ASN range
 * search checked against the CSV rows it was built from.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { ipv4Number, isNonPublicAddress, parseIpAddress, writeIpv6Words } from '../../../src/server/ip-lookup/addresses.ts';
import { ASN_DATA_DIR, loadAsnRanges, type AsnRanges } from '../../../src/server/ip-lookup/asn-ranges.ts';
import { openCityDatabase } from '../../../src/server/ip-lookup/city-database.ts';
import { usStateCode } from '../../../src/server/ip-lookup/us-state-codes.ts';

function csvLines(file: string): string[] {
  return readFileSync(path.join(ASN_DATA_DIR, file), 'utf8').trimEnd().split('\n');
}

function wordsToBigInt(words: Uint32Array): bigint {
  return words.reduce((value, word) => (value << 32n) | BigInt(word), 0n);
}

describe('parseIpAddress', () => {
  const cases: { text: string; expected: ReturnType<typeof parseIpAddress> }[] = [
    { text: '8.8.8.8', expected: { version: 4, text: '8.8.8.8' } },
    { text: '::ffff:73.15.0.1', expected: { version: 4, text: '73.15.0.1' } },
    { text: '::FFFF:10.0.0.1', expected: { version: 4, text: '10.0.0.1' } },
    { text: '2600:1700::1', expected: { version: 6, text: '2600:1700::1' } },
    { text: '2600:1700::ABCD', expected: { version: 6, text: '2600:1700::abcd' } },
    { text: 'fe80::1%eth0', expected: { version: 6, text: 'fe80::1' } },
    { text: '', expected: undefined },
    { text: 'nope', expected: undefined },
    { text: '999.1.1.1', expected: undefined },
    { text: '1.2.3', expected: undefined },
    { text: '1.2.3.4.5', expected: undefined },
    { text: '2600:::1', expected: undefined },
    { text: ' 8.8.8.8', expected: undefined },
  ];
  for (const { text, expected } of cases) {
    test(`'${text}'`, () => assert.deepEqual(parseIpAddress(text), expected));
  }
});

describe('isNonPublicAddress', () => {
  const cases: [string, boolean][] = [
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['100.128.0.1', false],
    ['169.254.1.1', true],
    ['0.0.0.0', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fc00::1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['febf::1', true],
    ['fec0::1', false],
    ['2600:1700::1', false],
  ];
  for (const [text, expected] of cases) {
    test(`${text} -> ${expected}`, () => assert.equal(isNonPublicAddress(parseIpAddress(text)!), expected));
  }
});

describe('address numbers agree with the ASN package’s numeric files', () => {
  test('every IPv4 range bound', () => {
    const text = csvLines('asn-ipv4.csv');
    const numeric = csvLines('asn-ipv4-num.csv');
    assert.equal(text.length, numeric.length);
    text.forEach((line, index) => {
      const [start, end] = line.split(',');
      const [startNumber, endNumber] = (numeric[index] ?? '').split(',');
      assert.equal(ipv4Number(start!), Number(startNumber), line);
      assert.equal(ipv4Number(end!), Number(endNumber), line);
    });
  });

  test('every IPv6 range bound', () => {
    const text = csvLines('asn-ipv6.csv');
    const numeric = csvLines('asn-ipv6-num.csv');
    assert.equal(text.length, numeric.length);
    const words = new Uint32Array(4);
    text.forEach((line, index) => {
      const [start, end] = line.split(',');
      const [startNumber, endNumber] = (numeric[index] ?? '').split(',');
      writeIpv6Words(start!, words, 0);
      assert.equal(wordsToBigInt(words), BigInt(startNumber!), line);
      writeIpv6Words(end!, words, 0);
      assert.equal(wordsToBigInt(words), BigInt(endNumber!), line);
    });
  });

  const shapes: [string, string][] = [
    ['::', '0'],
    ['::1', '1'],
    ['1::', (1n << 112n).toString()],
    ['::ffff:1.2.3.4', ((0xffffn << 32n) | 0x01020304n).toString()],
    ['1:2:3:4:5:6:7:8', '5192455318486707404433266433261576'],
    ['1:2:3:4:5:6:1.2.3.4', '5192455318486707404433266449711876'],
  ];
  for (const [text, expected] of shapes) {
    test(`${text} = ${expected}`, () => {
      const words = new Uint32Array(4);
      writeIpv6Words(text, words, 0);
      assert.equal(wordsToBigInt(words).toString(), expected);
    });
  }
});

describe('ASN ranges', () => {
  let ranges: AsnRanges;
  before(async () => {
    ranges = await loadAsnRanges();
  });

  test('loads every row of both files', () => {
    assert.equal(ranges.size.ipv4Ranges, csvLines('asn-ipv4.csv').length);
    assert.equal(ranges.size.ipv6Ranges, csvLines('asn-ipv6.csv').length);
    assert.ok(ranges.size.organisations > 10_000);
  });

  test('the first, last and every 997th row: both bounds find that row’s organisation', () => {
    for (const file of ['asn-ipv4.csv', 'asn-ipv6.csv']) {
      const lines = csvLines(file);
      const picked = lines.filter((_line, index) => index % 997 === 0 || index === lines.length - 1);
      for (const line of picked) {
        const [start, end] = line.split(',') as [string, string];
        const quoted = line.slice(line.indexOf(',', line.indexOf(',', start.length + 1) + 1) + 1);
        const organisation = quoted.startsWith('"') ? quoted.slice(1, -1).replaceAll('""', '"') : quoted;
        assert.equal(ranges.ispFor(parseIpAddress(start)!), organisation, `${file}: ${line} (start)`);
        assert.equal(ranges.ispFor(parseIpAddress(end)!), organisation, `${file}: ${line} (end)`);
      }
    }
  });

  const known: [string, string | null][] = [
    ['8.8.8.8', 'Google LLC'],
    ['1.1.1.1', 'Cloudflare, Inc.'],
    ['2001:4860:4860::8888', 'Google LLC'],
    ['2606:4700:4700::1111', 'Cloudflare, Inc.'],
    // Not announced by anyone: between ranges, or before the first one.
    ['0.0.0.1', null],
    ['255.255.255.255', null],
  ];
  for (const [address, expected] of known) {
    test(`${address} -> ${expected}`, () => assert.equal(ranges.ispFor(parseIpAddress(address)!), expected));
  }
});

describe('city database', () => {
  test('a US address has a city, a two-letter state code and a ZIP; an address without a record has none', async () => {
    const city = await openCityDatabase();
    assert.deepEqual(city.locate(parseIpAddress('73.15.0.1')!), { city: 'San Jose', stateCode: 'CA', postalCode: '95124' });
    assert.deepEqual(city.locate(parseIpAddress('2600:1700::1')!), { city: 'Detroit', stateCode: 'MI', postalCode: '48215' });
    // Montreal: a city and postal code, but Quebec has no US state code.
    assert.deepEqual(city.locate(parseIpAddress('24.48.0.1')!), { city: 'Montreal', stateCode: null, postalCode: 'H1S' });
    assert.deepEqual(city.locate(parseIpAddress('1.1.1.1')!), { city: null, stateCode: null, postalCode: null });
  });
});

describe('usStateCode', () => {
  const cases: [string, string, string | null][] = [
    ['US', 'California', 'CA'],
    ['US', 'District of Columbia', 'DC'],
    ['US', '', null],
    ['US', 'Atlantis', null],
    ['PR', 'Carolina', 'PR'],
    ['GU', '', 'GU'],
    ['CA', 'Quebec', null],
  ];
  for (const [country, region, expected] of cases) {
    test(`${country} ${region || "''"} -> ${expected}`, () => assert.equal(usStateCode(country, region), expected));
  }
});
