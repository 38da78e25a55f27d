/**
 * `cobrand pages publish` (FILE is a JSON object of the page fields to change, validated by the
 * editor's schema, and the command publishes at once), in-process on SQLite: the fields are laid
 * over the newest version and published, audited as `cli:<os user>`; a bad brand, route, file or
 * field is refused with exit 2 or 1 naming it, and nothing is written.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { withStore } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cobrand-cli-pages-'));
function jsonFile(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

describe('cobrand pages publish', () => {
  test('publishes the file\'s fields over the newest version, audited as cli:<user>', () =>
    withStore('sqlite', async (store, target) => {
      const pages = (args: string[]) => cobrandInProcess(['pages', 'publish', ...args], { openStore: () => target.open(), actor: () => 'ops' });
      await store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields: { title: 'Kept title', headline: 'Old' }, baseVersion: 0, by: 'staff@example.com' });
      const run = await pages(['--brand', 'ac', '--route', 'quiz-otc', '--from', jsonFile('ok.json', '{"headline": "From the CLI", "benefits": ["One", "Two"]}')]);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'ac quiz-otc: version 2 is live (changed: headline, benefits)\n');
      const live = await store.getLiveContent('page', 'ac', 'quiz-otc');
      assert.deepEqual(live?.fields, { title: 'Kept title', headline: 'From the CLI', benefits: ['One', 'Two'] });
      assert.equal(live?.createdBy, 'cli:ops');
      assert.equal(live?.live.publishedBy, 'cli:ops');
      const audit = await store.listAudit({ branch: 'ac', itemKind: 'page', itemId: 'quiz-otc', limit: 5 });
      assert.deepEqual(audit.map((entry) => `${entry.action} ${entry.userEmail}`), ['publish cli:ops', 'save-draft cli:ops']);
    }));

  const refused: [string, string[], number, RegExp][] = [
    ['the control center as a brand', ['--brand', 'ccc', '--route', 'quiz-otc'], 2, /--brand.*'ccc' is the control center/],
    ['an unknown brand', ['--brand', 'zz', '--route', 'quiz-otc'], 2, /--brand/],
    ['a route the brand does not serve', ['--brand', 'tqg', '--route', 'quiz-otc'], 2, /--route: tqg has no page named 'quiz-otc'/],
    ['a missing file', ['--brand', 'ac', '--route', 'quiz-otc', '--from', path.join(dir, 'none.json')], 2, /--from: cannot read '.*none\.json': ENOENT/],
    ['a file that is not JSON', ['--brand', 'ac', '--route', 'quiz-otc', '--from', jsonFile('bad.json', '{headline:')], 2, /--from: '.*bad\.json' is not JSON/],
    ['an unknown field', ['--brand', 'ac', '--route', 'quiz-otc', '--from', jsonFile('field.json', '{"colour": "red"}')], 1, /not a page field: colour/],
    ['an empty headline', ['--brand', 'ac', '--route', 'quiz-otc', '--from', jsonFile('empty.json', '{"headline": ""}')], 1, /headline: Headline is empty/],
    ['a list instead of an object', ['--brand', 'ac', '--route', 'quiz-otc', '--from', jsonFile('list.json', '[]')], 1, /Page fields must be a JSON object/],
  ];
  for (const [what, args, code, message] of refused) {
    test(`refuses ${what} with exit ${code}, publishing nothing`, () =>
      withStore('sqlite', async (store, target) => {
        const withFrom = args.includes('--from') ? args : [...args, '--from', jsonFile('fine.json', '{"headline": "x"}')];
        const run = await cobrandInProcess(['pages', 'publish', ...withFrom], { openStore: () => target.open(), actor: () => 'ops' });
        assert.equal(run.code, code, run.stderr);
        assert.match(run.stderr, message);
        assert.deepEqual(await store.listContentItems('page', 'ac'), []);
      }));
  }
});
