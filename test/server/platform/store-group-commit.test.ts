/**
 * Group commit, on its own: batching, ordering of acknowledgements and failure isolation,
 * with a recording commit function standing in for the database transaction.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGroupCommit } from '../../../src/server/platform/store/group-commit.ts';

/** A commit function that records each batch and can be held open until released. */
function recordingCommit() {
  const batches: number[][] = [];
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};
  return {
    batches,
    /** Makes the next commits wait until `release()`. */
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    commit: async (items: readonly number[]): Promise<string[]> => {
      batches.push([...items]);
      await gate;
      return items.map((item) => `done ${item}`);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  test('writes queued in the same turn share one commit and each gets its own result', async () => {
    const recorder = recordingCommit();
    const queue = createGroupCommit({ commit: recorder.commit, maxBatch: 500 });
    const results = await Promise.all([1, 2, 3].map((item) => queue.enqueue(item)));
    assert.deepEqual(results, ['done 1', 'done 2', 'done 3']);
    assert.deepEqual(recorder.batches, [[1, 2, 3]]);
    assert.deepEqual(queue.stats(), { commits: 1, items: 3 });
  });

  test('a lone write is committed on the next turn, with no timer delay', async () => {
    const recorder = recordingCommit();
    const queue = createGroupCommit({ commit: recorder.commit, maxBatch: 500 });
    const result = queue.enqueue(7);
    await turn();
    assert.deepEqual(recorder.batches, [[7]]);
    assert.equal(await result, 'done 7');
  });

  test('callers are answered only after the commit returns; writes arriving meanwhile share the next commit', async () => {
    const recorder = recordingCommit();
    const queue = createGroupCommit({ commit: recorder.commit, maxBatch: 500 });
    recorder.hold();
    let firstAnswered = false;
    const first = queue.enqueue(1).then((result) => {
      firstAnswered = true;
      return result;
    });
    await turn();
    const later = [2, 3, 4].map((item) => queue.enqueue(item));
    await turn();
    await turn();
    assert.equal(firstAnswered, false, 'not answered while its commit is in flight');
    assert.deepEqual(recorder.batches, [[1]], 'no second commit starts while one is in flight');
    recorder.release();
    assert.deepEqual(await Promise.all([first, ...later]), ['done 1', 'done 2', 'done 3', 'done 4']);
    assert.deepEqual(recorder.batches, [[1], [2, 3, 4]]);
  });

  test('batches are bounded by maxBatch', async () => {
    const recorder = recordingCommit();
    const queue = createGroupCommit({ commit: recorder.commit, maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((item) => queue.enqueue(item)));
    assert.deepEqual(recorder.batches, [[1, 2], [3, 4], [5]]);
  });

  test('a failed commit rejects every caller in its batch and only them', async () => {
    let calls = 0;
    const queue = createGroupCommit({
      maxBatch: 2,
      async commit(items: readonly number[]) {
        calls += 1;
        if (calls === 1) throw new Error('disk full');
        return items.map(String);
      },
    });
    const settled = await Promise.allSettled([1, 2, 3].map((item) => queue.enqueue(item)));
    assert.deepEqual(
      settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason))),
      ['Error: disk full', 'Error: disk full', '3'],
    );
    assert.deepEqual(queue.stats(), { commits: 1, items: 1 }, 'failed batches are not counted as commits');
    assert.equal(await queue.enqueue(4), '4', 'the queue keeps working after a failure');
  });

  test('a commit returning the wrong number of results rejects its callers', async () => {
    const queue = createGroupCommit({ maxBatch: 10, commit: async () => ['only one'] });
    await assert.rejects(Promise.all([queue.enqueue(1), queue.enqueue(2)]), /returned 1 results for 2 items/);
  });

  test('drain waits for everything queued', async () => {
    const recorder = recordingCommit();
    const queue = createGroupCommit({ commit: recorder.commit, maxBatch: 1 });
    await queue.drain();
    const results = [1, 2, 3].map((item) => queue.enqueue(item));
    await queue.drain();
    assert.deepEqual(recorder.batches, [[1], [2], [3]]);
    assert.equal(await results[2], 'done 3');
  });

  test('maxBatch must be a positive integer', () => {
    for (const maxBatch of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => createGroupCommit({ maxBatch, commit: async () => [] }), /maxBatch must be a positive integer/);
    }
  });
});
