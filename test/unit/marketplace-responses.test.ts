import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AdListResponseSchema, StatusResponseSchema } from '../../src/core/marketplace/response-schemas.ts';
import { demandCheckResult, isLowBid } from '../../src/core/marketplace/responses.ts';

describe('demandCheckResult: bid = parsed.ctc.ev, low when a number below 10 (spec §4)', () => {
  const cases: Array<[string, unknown, ReturnType<typeof demandCheckResult>]> = [
    ['9.99 is low', { ctc: { ev: 9.99 } }, { bid: 9.99, isLowBid: true }],
    ['10 is not low', { ctc: { ev: 10 } }, { bid: 10, isLowBid: false }],
    ['10.01 is not low', { ctc: { ev: 10.01 } }, { bid: 10.01, isLowBid: false }],
    ['0 is low', { ctc: { ev: 0 } }, { bid: 0, isLowBid: true }],
    ['negative is low', { ctc: { ev: -1 } }, { bid: -1, isLowBid: true }],
    ['a numeric string is not a number', { ctc: { ev: '5' } }, { bid: '5', isLowBid: false }],
    ['NaN is not low', { ctc: { ev: Number.NaN } }, { bid: Number.NaN, isLowBid: false }],
    ['null ev is not low', { ctc: { ev: null } }, { bid: null, isLowBid: false }],
    ['missing ev: a result with no bid', { ctc: {} }, { bid: undefined, isLowBid: false }],
    ['missing ctc: no result', {}, undefined],
    ['null ctc: no result', { ctc: null }, undefined],
    ['null parsed: no result', null, undefined],
    ['string parsed: no result', 'ok', undefined],
  ];
  for (const [label, parsed, expected] of cases) {
    test(label, () => assert.deepEqual(demandCheckResult(parsed), expected));
  }

  test('isLowBid boundary', () => {
    assert.equal(isLowBid(9.99), true);
    assert.equal(isLowBid(10), false);
    assert.equal(isLowBid(undefined), false);
  });
});

const listedAd = {
  carrier: 'Acme Auto',
  bid: 12.5,
  headline: 'Save now',
  description: 'Compare quotes',
  display_url: 'acme.example',
  small_image_url: 'https://cdn.example/s.png',
  ad_id: 'ad-1',
  click_url: 'https://click.example/1',
  call_url: 'https://call.example/1',
  medium_image_url: 'https://cdn.example/m.png',
  large_image_url: 'https://cdn.example/l.png',
};

describe('AdListResponseSchema (spec §3)', () => {
  test('accepts a list, impression_html optional, drops unknown upstream keys', () => {
    const response = { ads: [listedAd, { ...listedAd, impression_html: '<img>' }], num_ads: 2, request_id: 'r1', time: 0.12, extra: true };
    assert.deepEqual(AdListResponseSchema.parse(response), {
      ads: [listedAd, { ...listedAd, impression_html: '<img>' }],
      num_ads: 2,
      request_id: 'r1',
      time: 0.12,
    });
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['bid as text', { ads: [{ ...listedAd, bid: '12' }] }, 'ads.0.bid'],
    ['missing click url', { ads: [{ ...listedAd, click_url: undefined }] }, 'ads.0.click_url'],
    ['negative num_ads', { num_ads: -1 }, 'num_ads'],
    ['missing request id', { request_id: undefined }, 'request_id'],
  ];
  for (const [label, change, path] of bad) {
    test(`refuses ${label}`, () => {
      const result = AdListResponseSchema.safeParse({ ads: [], num_ads: 0, request_id: 'r', time: 1, ...change });
      assert.equal(result.error?.issues[0]?.path.join('.'), path);
    });
  }
});

describe('StatusResponseSchema (spec §3)', () => {
  const statusAd = { ad_position: 1, type: 'call', click_url: 'https://c', logo_url: 'https://l', ref: 'r1' };

  test('accepts SUCCESS with optional ad fields and ids', () => {
    const response = {
      status: 'SUCCESS',
      errors: [],
      response: { ads: [statusAd, { ...statusAd, type: 'click', headline: 'h', carrier: 'c', pixel: 'p', backfill_pixel: 'b' }], requestid: 'q', wizsid: 'w' },
    };
    assert.deepEqual(StatusResponseSchema.parse(response), response);
  });

  test('accepts ERROR with errors and no ids', () => {
    const response = { status: 'ERROR', errors: ['bad placement'], response: { ads: [] } };
    assert.deepEqual(StatusResponseSchema.parse(response), response);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['unknown status', { status: 'OK' }, 'status'],
    ['ad type banner', { response: { ads: [{ ...statusAd, type: 'banner' }] } }, 'response.ads.0.type'],
    ['errors not strings', { errors: [1] }, 'errors.0'],
    ['missing logo_url', { response: { ads: [{ ...statusAd, logo_url: undefined }] } }, 'response.ads.0.logo_url'],
  ];
  for (const [label, change, path] of bad) {
    test(`refuses ${label}`, () => {
      const result = StatusResponseSchema.safeParse({ status: 'SUCCESS', errors: [], response: { ads: [] }, ...change });
      assert.equal(result.error?.issues[0]?.path.join('.'), path);
    });
  }
});
