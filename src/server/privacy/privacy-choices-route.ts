/**
 * `POST /api/privacy/opt-out` ("Do not sell or share my personal information"): records
 * the browser's opt-out of the sale and sharing of its personal information on this brand's site
 * and remembers it in the privacy cookie (src/server/privacy/privacy-choice.ts), which from then
 * on keeps the tag manager off every page and marks the browser's leads.
 *
 * - As JSON (the opt-out page with JavaScript): 200 with the recorded choice.
 * - As the page's plain form (no JavaScript): 303 back to the opt-out page in the form's
 *   language, which now shows the recorded choice.
 * - Anything malformed: 400 `{ error, problems }`, whichever way it came.
 *
 * The visitor is known by an anonymous id: the one the privacy cookie already holds, else the
 * no-JavaScript visitor id (so that visitor's leads and opt-out share one id), else a new random
 * one. The store keeps the brand, that id, the time and whether the browser sent Global Privacy
 * Control; never an IP address or anything personal. Opting out again keeps the first time.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRIVACY_CHOICES_PATHS } from '../../core/content/copy/privacy-choices.ts';
import { PRIVACY_OPT_OUT, type PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';
import { knownNoJsVisitor } from '../funnels/no-js-visitor.ts';
import { rememberedOptOut, rememberOptOut, sendsGpc } from './privacy-choice.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A form post's fields: the first value of each name, as the funnels' form posts read them. */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/** True when the request is the opt-out page's plain form post rather than a JSON call. */
function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);
}

/** Registers the opt-out endpoint. Encapsulated: its form-body parser applies to this route only. */
export async function privacyChoicesPlugin(app: FastifyInstance, options: { production: boolean }): Promise<void> {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: PRIVACY_OPT_OUT.bodyLimit }, (_request, body, done) => {
    done(null, formFields(body as string));
  });

  routeEndpoint(app, PRIVACY_OPT_OUT, async (request, reply) => {
    const anonymousId = rememberedOptOut(request)?.anonymousId ?? knownNoJsVisitor(request)?.anonymousId ?? randomUUID();
    const gpc = sendsGpc(request);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
    const optOut = await app.store.recordPrivacyOptOut({ brandId: request.brand!.id, anonymousId, gpc });
    rememberOptOut(request, reply, optOut, options.production);
    if (isFormPost(request)) return reply.code(303).header('location', PRIVACY_CHOICES_PATHS[request.body.language ?? 'english']).send();
    return reply.send({ optedOut: true, optedOutAt: optOut.optedOutAt, gpc } satisfies PrivacyChoice);
  });
}
