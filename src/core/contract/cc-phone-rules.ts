/**
 * The control center's phone-rule endpoints: a branch's rules, creating
 * one, replacing one's fields, deleting one. The fields' schema is the form's too
 * (core/phone-rules/fields.ts).
 */
import * as z from 'zod';
import { PhoneRuleFieldsSchema } from '../phone-rules/fields.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** A rule's id: a UUID the store gave it. */
export const PhoneRuleIdSchema = z.uuid({ error: 'not a phone rule id' });

/** A rule as the API gives it. */
export const PhoneRuleSchema = z.object({
  id: z.string(),
  branch: z.string(),
  afid: z.string(),
  /** 10 US digits. */
  number: z.string(),
  /** Empty: every route of the branch. */
  routes: z.array(z.string()),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

/** A rule as the API gives it. */
export type PhoneRuleAnswer = z.output<typeof PhoneRuleSchema>;

export const CC_PHONE_RULES_LIST = defineEndpoint({
  name: 'cc-phone-rules-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/phone-rules',
  request: NothingSchema,
  response: z.object({ rules: z.array(PhoneRuleSchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_PHONE_RULE_CREATE = defineEndpoint({
  name: 'cc-phone-rule-create',
  method: 'POST',
  path: '/api/cc/branches/{branch}/phone-rules',
  request: PhoneRuleFieldsSchema,
  /** 201. */
  response: z.object({ rule: PhoneRuleSchema }),
  bodyLimit: BODY_LIMITS.phoneRule,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid phone rule',
  audit: { kind: 'phone-rule', actions: ['create'] },
});

export const CC_PHONE_RULE_UPDATE = defineEndpoint({
  name: 'cc-phone-rule-update',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/phone-rules/{rule}',
  request: PhoneRuleFieldsSchema,
  response: z.object({ rule: PhoneRuleSchema }),
  bodyLimit: BODY_LIMITS.phoneRule,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid phone rule',
  audit: { kind: 'phone-rule', actions: ['update'] },
});

export const CC_PHONE_RULE_DELETE = defineEndpoint({
  name: 'cc-phone-rule-delete',
  method: 'DELETE',
  path: '/api/cc/branches/{branch}/phone-rules/{rule}',
  request: NothingSchema,
  response: z.object({ deleted: z.string() }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  audit: { kind: 'phone-rule', actions: ['delete'] },
});
