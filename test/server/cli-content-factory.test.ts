/**
 * `cobrand sandbox content-factory` (issue 13), in-process: it prints its URL and the variable
 * that points a server at it, answers chat completions there (with --token, only with that key),
 * prints a line per draft asked for, and stops on Ctrl-C; a bad --port exits 2 naming the value.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { request } from 'undici';
import { CHAT_COMPLETIONS_PATH } from '../../src/server/content-factory/provider.ts';
import { Capture, cobrandInProcess } from '../support/cli.ts';

describe('cobrand sandbox content-factory', () => {
  test('prints its URL, answers with the given token, logs each draft, stops on Ctrl-C', async () => {
    const stdout = new Capture();
    const interrupt = new AbortController();
    const running = cobrandInProcess(['sandbox', 'content-factory', '--port', '0', '--token', 'sk-sandbox'], { stdout, interruption: interrupt.signal });
    try {
      for (const deadline = Date.now() + 10_000; !stdout.text.includes('Ctrl-C'); ) {
        if (Date.now() > deadline) assert.fail(`not listening: ${stdout.text}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stdout.text)?.[1];
      assert.ok(url, stdout.text);
      assert.ok(stdout.text.includes(`CONTENT_FACTORY_URL=${url} CONTENT_FACTORY_API_KEY=sk-sandbox`), stdout.text);
      const body = JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'Topic: Grocery allowance\nTemplate: review' }] });
      const refused = await request(`${url}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', body });
      assert.equal(refused.statusCode, 401);
      await refused.body.dump();
      const answered = await request(`${url}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', body, headers: { authorization: 'Bearer sk-sandbox' } });
      assert.equal(answered.statusCode, 200);
      const completion = (await answered.body.json()) as { choices: { message: { content: string } }[] };
      assert.match(completion.choices[0]!.message.content, /^# Grocery allowance: an honest review/);
    } finally {
      interrupt.abort();
    }
    const result = await running;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /POST \/chat\/completions model=gpt-test template=review topic="Grocery allowance"/);
    assert.match(result.stdout, /sandbox content-factory provider stopped/);
  });

  test('a port that is not one exits 2 naming the value', async () => {
    const result = await cobrandInProcess(['sandbox', 'content-factory', '--port', '70000']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /70000/);
  });
});
