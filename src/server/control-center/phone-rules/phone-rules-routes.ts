/**
 * The control center's phone-rules API (issue 13 "Phone rules"; contract:
 * core/contract/cc-phone-rules.ts): a branch's rules, creating, replacing and deleting one. The
 * body is validated by the form's own schema (numbers as US numbers by libphonenumber-js) and
 * route names against the branch's routes; every change is written to the audit log under the
 * signed-in account, with the rule before and after, and answers the new state.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CC_PHONE_RULE_CREATE, CC_PHONE_RULE_DELETE, CC_PHONE_RULE_UPDATE, CC_PHONE_RULES_LIST, PhoneRuleIdSchema } from '../../../core/contract/cc-phone-rules.ts';
import { routePath } from '../../../core/contract/endpoint.ts';
import { PhoneRuleFieldsSchema, type PhoneRuleFields } from '../../../core/phone-rules/fields.ts';
import type { Brand } from '../../../../brands/types.ts';
import { sendBadRequest, zodProblems } from '../../platform/http/bad-request.ts';
import type { StoredPhoneRule } from '../../platform/store/index.ts';
import { siteBrand } from '../branch-directory.ts';
import { unknownRouteProblems } from './phone-rule-checks.ts';
import { staffOf } from '../staff.ts';

type BranchParams = { Params: { branch: string } };
type RuleParams = { Params: { branch: string; rule: string } };

/** The audit log's item kind of a phone rule. */
const AUDIT_KIND = 'phone-rule';

/** What the audit log keeps of a rule: its fields. */
function auditView(rule: StoredPhoneRule): PhoneRuleFields {
  return { afid: rule.afid, number: rule.number, routes: rule.routes, startsOn: rule.startsOn, endsOn: rule.endsOn };
}

/** Registers the phone-rules routes (an area of the control-center API, api.ts). */
export async function phoneRulesRoutes(app: FastifyInstance): Promise<void> {
  /** The branch named in the path, or a 404 already sent. */
  function branchOf(request: FastifyRequest<BranchParams>, reply: FastifyReply): Brand | undefined {
    const brand = siteBrand(request.params.branch);
    if (brand === undefined) void reply.code(404).send({ error: 'Unknown branch', problems: [`there is no branch '${request.params.branch}'`] });
    return brand;
  }

  /** The body as valid rule fields for `brand`, or a 400 already sent. */
  function fieldsOf(request: FastifyRequest, reply: FastifyReply, brand: Brand): PhoneRuleFields | undefined {
    const parsed = PhoneRuleFieldsSchema.safeParse(request.body);
    const problems = parsed.success ? unknownRouteProblems(brand, parsed.data.routes) : zodProblems(parsed.error);
    if (parsed.success && problems.length === 0) return parsed.data;
    void sendBadRequest(reply, 'Invalid phone rule', problems);
    return undefined;
  }

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

  app.get<BranchParams>(routePath(CC_PHONE_RULES_LIST.path), async (request, reply) => {
    const brand = branchOf(request, reply);
    if (brand === undefined) return reply;
    return reply.header('cache-control', 'no-store').send({ rules: await app.store.listPhoneRules(brand.id) });
  });

  app.post<BranchParams>(routePath(CC_PHONE_RULE_CREATE.path), { bodyLimit: CC_PHONE_RULE_CREATE.bodyLimit! }, async (request, reply) => {
    const brand = branchOf(request, reply);
    if (brand === undefined) return reply;
    const fields = fieldsOf(request, reply, brand);
    if (fields === undefined) return reply;
    const staff = await staffOf(request);
    const rule = await app.store.createPhoneRule(brand.id, fields, staff.email);
    await app.store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: AUDIT_KIND, itemId: rule.id, action: 'create', after: auditView(rule) });
    return reply.code(201).send({ rule });
  });

  app.put<RuleParams>(routePath(CC_PHONE_RULE_UPDATE.path), { bodyLimit: CC_PHONE_RULE_UPDATE.bodyLimit! }, async (request, reply) => {
    const brand = branchOf(request, reply);
    if (brand === undefined) return reply;
    const fields = fieldsOf(request, reply, brand);
    if (fields === undefined) return reply;
    const before = await ruleOf(request, reply, brand);
    if (before === undefined) return reply;
    const staff = await staffOf(request);
    const after = await app.store.updatePhoneRule(brand.id, before.id, fields, staff.email);
    if (after === undefined) return reply.code(404).send({ error: 'Unknown phone rule', problems: [`branch ${brand.id} has no phone rule ${before.id}`] });
    await app.store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: AUDIT_KIND, itemId: after.id, action: 'update', before: auditView(before), after: auditView(after) });
    return reply.send({ rule: after });
  });

  app.delete<RuleParams>(routePath(CC_PHONE_RULE_DELETE.path), { bodyLimit: CC_PHONE_RULE_DELETE.bodyLimit! }, async (request, reply) => {
    const brand = branchOf(request, reply);
    if (brand === undefined) return reply;
    const rule = await ruleOf(request, reply, brand);
    if (rule === undefined) return reply;
    if (!(await app.store.deletePhoneRule(brand.id, rule.id))) return reply.code(404).send({ error: 'Unknown phone rule', problems: [`branch ${brand.id} has no phone rule ${rule.id}`] });
    const staff = await staffOf(request);
    await app.store.recordAudit({ userEmail: staff.email, branch: brand.id, itemKind: AUDIT_KIND, itemId: rule.id, action: 'delete', before: auditView(rule) });
    return reply.send({ deleted: rule.id });
  });
}
