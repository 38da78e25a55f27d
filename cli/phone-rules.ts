/**
 * `cobrand phone-rules list|test` (registered in phone-rules-command.ts): a branch's
 * phone rules, and the number a visitor with an afid would see, decided by the same matching the
 * pages use (core/phone-rules/match.ts) over the store the server uses, with the brand's default
 * number as configured (BRAND_PHONE_<ID>). A marketplace lease, live only in a visitor's browser,
 * would still win over both.
 */
import { brandById } from '../brands/index.ts';
import { phoneForms } from '../src/core/marketplace/phone.ts';
import { matchPhoneRule, phoneRuleDay } from '../src/core/phone-rules/match.ts';
import { routesOf } from '../src/server/control-center/branch-directory.ts';
import { brandPhoneVariable, brandWithPhone } from '../src/server/marketplace/phones-env.ts';
import type { StoredPhoneRule } from '../src/server/platform/store/index.ts';
import { loadEnvironmentConfig, withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { formatTable } from './table.ts';

/** A rule's routes and days in words. */
function scope(rule: StoredPhoneRule): string {
  const routes = rule.routes.length === 0 ? 'every route' : `routes ${rule.routes.join(', ')}`;
  const days = rule.startsOn === null && rule.endsOn === null ? 'every day' : `${rule.startsOn ?? 'open'} to ${rule.endsOn ?? 'open'}`;
  return `${routes}, ${days}`;
}

/** `phone-rules list --brand ID [--json]`. */
export async function listPhoneRules(io: CliIo, options: { brand: string; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const rules = await store.listPhoneRules(options.brand);
    if (options.json) {
      await write(io.stdout, `${JSON.stringify(rules.map(({ branch: _branch, ...rule }) => rule), null, 2)}\n`);
      return;
    }
    if (rules.length === 0) {
      await write(io.stdout, `${options.brand} has no phone rules; add them in the control center (/branches/${options.brand}/phone-rules)\n`);
      return;
    }
    const rows = rules.map((rule) => [rule.id, rule.afid, phoneForms(rule.number).grouped, rule.routes.length === 0 ? '(all)' : rule.routes.join(','), rule.startsOn ?? '-', rule.endsOn ?? '-', rule.updatedBy, rule.updatedAt]);
    await write(io.stdout, `${formatTable(['ID', 'AFID', 'NUMBER', 'ROUTES', 'FROM', 'UNTIL', 'CHANGED BY', 'CHANGED'], rows)}\n`);
  });
}

/** `phone-rules test --brand ID --afid X [--route NAME] [--on DATE]`. */
export async function testPhoneRule(io: CliIo, options: { brand: string; afid: string; route?: string; on?: string }): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the --brand argument's parser accepts known brand ids only
  const brand = brandById(options.brand)!;
  if (options.route !== undefined && !routesOf(brand).some((route) => route.name === options.route)) {
    io.stderr.write(`--route: ${brand.id} has no route named '${options.route}' (cobrand routes list --brand ${brand.id})\n`);
    io.setExitCode(EXIT_CODES.usage);
    return;
  }
  const config = await loadEnvironmentConfig(io);
  if (config === undefined) return;
  const day = options.on ?? phoneRuleDay(new Date());
  await withStore(io, async (store) => {
    const rules = await store.listPhoneRulesForAfid(brand.id, options.afid);
    // No route given: a page of no particular route, so only rules for every route can apply.
    const rule = matchPhoneRule(rules, { afid: options.afid, route: options.route ?? '', day });
    const where = `${brand.id}, afid ${options.afid}, ${options.route === undefined ? 'any route' : `route ${options.route}`}, ${day}`;
    const defaultNumber = brandWithPhone(brand, config.vars).phone;
    const shown = phoneForms(rule?.number ?? defaultNumber);
    const why =
      rule !== undefined
        ? `phone rule ${rule.id} (afid ${rule.afid}, ${scope(rule)})`
        : `the brand's default number (${config.vars[brandPhoneVariable(brand.id)] === undefined ? `${brandPhoneVariable(brand.id)} unset: the development default` : brandPhoneVariable(brand.id)}); ${
            rules.length === 0 ? `${brand.id} has no phone rule for afid ${options.afid}` : `none of the ${rules.length} rules for afid ${options.afid} applies here`
          }`;
    await write(io.stdout, `${where}: ${shown.grouped} (${shown.tel})\nwhy: ${why}\n`);
  });
}
