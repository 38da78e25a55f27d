/**
 * Which User-Agents get the whole page at once (crawlers, which may not run scripts) and which the
 * streamed shell (browsers, headless ones included, and bare HTTP-client tokens that say nothing).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isBotUserAgent } from '../../../src/server/pages/render.tsx';

const AGENTS: Array<[agent: string | undefined, crawler: boolean]> = [
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
  ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
  ['curl/8.5.0', true],
  ['python-requests/2.31.0', true],
  ['Wget/1.21.4', true],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', false],
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', false],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', false],
  ['lightMyRequest', false],
  ['', false],
  [undefined, false],
];

for (const [agent, crawler] of AGENTS) {
  test(`${JSON.stringify(agent)}: ${crawler ? 'a crawler, the whole page at once' : 'streamed'}`, () => assert.equal(isBotUserAgent(agent), crawler));
}
