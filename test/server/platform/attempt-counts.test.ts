/**
 * Attempt counts and holds (src/server/platform/http/attempt-counts.ts), the same checks on both
 * kinds: in memory and in Redis (127.0.0.1:6379, or TEST_REDIS_URL, under a key prefix of this run's
 * own, deleted afterwards).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { memoryAttemptCounts, redisAttemptCounts, type AttemptCounts } from '../../../src/server/platform/http/attempt-counts.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `cobrand-test-counts-${process.pid}-${randomBytes(4).toString('hex')}:`;
let redis: Redis;

before(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
after(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const kinds: Array<[name: string, make: () => AttemptCounts]> = [
  ['memory', () => memoryAttemptCounts()],
  ['Redis', () => redisAttemptCounts(redis, prefix, 1000)],
];

for (const [name, make] of kinds) {
  describe(`attempt counts in ${name}`, () => {
    test('add counts up, subtract takes one back and never goes below zero, clear forgets', async () => {
      const counts = make();
      assert.equal(await counts.add('a', 60_000), 1);
      assert.equal(await counts.add('a', 60_000), 2);
      await counts.subtract('a');
      assert.equal(await counts.add('a', 60_000), 2);
      await counts.clear('a');
      await counts.subtract('a');
      await counts.subtract('a');
      assert.equal(await counts.add('a', 60_000), 1, 'a cleared count starts again from one');
    });

    test('a count expires its window after it started, not after its last add', async () => {
      const counts = make();
      // Wide margins: a slow machine may sleep longer than asked, never shorter.
      await counts.add('w', 2000);
      await sleep(200);
      assert.equal(await counts.add('w', 2000), 2);
      await sleep(1900);
      assert.equal(await counts.add('w', 2000), 1, 'the window ran from the first add');
    });

    test('one caller takes a hold; the others see it and how long it has left, until it ends or is cleared', async () => {
      const counts = make();
      const first = await counts.hold('h', 60_000);
      assert.deepEqual(first, { acquired: true, ttlMs: first.ttlMs });
      assert.ok(first.ttlMs > 59_000 && first.ttlMs <= 60_000, `ttl ${first.ttlMs}`);
      const second = await counts.hold('h', 1_000);
      assert.equal(second.acquired, false);
      assert.ok(second.ttlMs > 59_000, 'the first hold, not the one asked for');
      await counts.clear('h');
      assert.equal((await counts.hold('h', 100)).acquired, true);
      await sleep(150);
      assert.equal((await counts.hold('h', 100)).acquired, true, 'an ended hold can be taken again');
    });
  });
}

test('memory counts stay bounded: the least recently touched key goes first', async () => {
  const counts = memoryAttemptCounts(3);
  for (const key of ['k1', 'k2', 'k3']) await counts.add(key, 60_000);
  await counts.add('k1', 60_000);
  await counts.add('k4', 60_000);
  assert.equal(await counts.add('k2', 60_000), 1, 'k2 was dropped');
  assert.equal(await counts.add('k1', 60_000), 3, 'k1 was kept');
});
