/**
 * The control center's phone-rules API (contract:
 * core/contract/cc-phone-rules.ts): a branch's rules, creating, replacing and deleting one. The
 * body is validated by the form's own schema (numbers as US numbers by libphonenumber-js) and
 * route names against the branch's routes; every change is written to the audit log under the
 * signed-in account, with the rule before and after, and answers the new state.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CC_PHONE_RULE_CREATE, CC_PHONE_RULE_DELETE, CC_PHONE_RULE_UPDATE, CC_PHONE_RULES_LIST, PhoneRuleIdSchema } from '../../../core/contract/cc-phone-rules.ts';
import type { PhoneRuleFields } from '../../../core/phone-rules/fields.ts';
import type { Brand } from '../../../../brands/types.ts';
import { sendBadRequest, zodProblems } from '../../platform/http/bad-request.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import type { StoredPhoneRule } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { siteBrand } from '../branch-directory.ts';
import { unknownRouteProblems } from './phone-rule-checks.ts';
import { staffOf } from '../staff.ts';

type RuleParams = { Params: { branch: string; rule: string } };

/** The branch named in the path, or a 404. */
const branch = requestLookup(
  (request: FastifyRequest<{ Params: { branch: string } }>, reply) =>
    siteBrand(request.params.branch) ?? reply.code(404).send({ error: 'Unknown branch', problems: [`there is no branch '${request.params.branch}'`] }),
);

/** A rule's fields as the form's schema reads them, and every route they name one the branch serves. */
const ruleFields: RequestCheck<PhoneRuleFields> = (input, request) => {
  const verdict = schemaCheck(CC_PHONE_RULE_CREATE.request)(input, request);
  if (!verdict.ok) return verdict;
  const problems = unknownRouteProblems(branch.of(request), verdict.value.routes);
  return problems.length === 0 ? verdict : { ok: false, problems };
};

/** What the audit log keeps of a rule: its fields. */
function auditView(rule: StoredPhoneRule): PhoneRuleFields {
  return { afid: rule.afid, number: rule.number, routes: rule.routes, startsOn: rule.startsOn, endsOn: rule.endsOn };
}

/** Registers the phone-rules routes (an area of the control-center API, api.ts). */
export async function phoneRulesRoutes(app: FastifyInstance): Promise<void> {
  /** The rule named in the path, or an answer already sent. */
  async function ruleOf(request: FastifyRequest<RuleParams>, reply: FastifyReply, brand: Brand): Promise<StoredPhoneRule | undefined> {
    const id = PhoneRuleIdSchema.safeParse(request.params.rule);
    if (!id.success) {
      void sendBadRequest(reply, 'Invalid phone rule id', zodProblems(id.error).map((problem) => `rule: ${problem}`));
      return undefined;
    }
    const rule = await app.store.getPhoneRule(brand.id, id.data);
    if (rule === undefined) void reply.code(404).send({ error: 'Unknown phone rule', problems: [`branch ${brand.id} has no phone rule ${id.data}`] });
    return rule;
  }

  routeEndpoint(app, CC_PHONE_RULES_LIST, { before: [branch] }, async (request, reply) => {
    return reply.header('cache-control', 'no-store').send({ rules: await app.store.listPhoneRules(branch.of(request).id) });
  });

  routeEndpoint(app, CC_PHONE_RULE_CREATE, { before: [branch], check: ruleFields }, async (request, reply) => {
    const brand = branch.of(request);
    const staff = await staffOf(request);
    const rule = await app.store.createPhoneRule(brand.id, request.body, staff.email);
    await auditChange(request, CC_PHONE_RULE_CREATE, { branch: brand.id, itemId: rule.id, action: 'create', after: auditView(rule) });
    return reply.code(201).send({ rule });
  });

  routeEndpoint(app, CC_PHONE_RULE_UPDATE, { before: [branch], check: ruleFields }, async (request, reply) => {
    const brand = branch.of(request);
    const before = await ruleOf(request, reply, brand);
    if (before === undefined) return reply;
    const staff = await staffOf(request);
    const after = await app.store.updatePhoneRule(brand.id, before.id, request.body, staff.email);
    if (after === undefined) return reply.code(404).send({ error: 'Unknown phone rule', problems: [`branch ${brand.id} has no phone rule ${before.id}`] });
    await auditChange(request, CC_PHONE_RULE_UPDATE, { branch: brand.id, itemId: after.id, action: 'update', before: auditView(before), after: auditView(after) });
    return reply.send({ rule: after });
  });

  routeEndpoint(app, CC_PHONE_RULE_DELETE, { before: [branch] }, async (request, reply) => {
    const brand = branch.of(request);
    const rule = await ruleOf(request, reply, brand);
    if (rule === undefined) return reply;
    if (!(await app.store.deletePhoneRule(brand.id, rule.id))) return reply.code(404).send({ error: 'Unknown phone rule', problems: [`branch ${brand.id} has no phone rule ${rule.id}`] });
    await auditChange(request, CC_PHONE_RULE_DELETE, { branch: brand.id, itemId: rule.id, action: 'delete', before: auditView(rule) });
    return reply.send({ deleted: rule.id });
  });
}
