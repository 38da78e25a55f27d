/**
 * `/api/cc/branches/{branch}/experiments…`: list and create a branch's
 * experiments, read one, edit it while it is a draft, change its status and read its results.
 * While an experiment runs, only pausing and stopping are allowed (a visitor who saw a variant
 * must keep seeing the test they entered); every change writes the audit log (item kind
 * 'experiment', item id the key) and answers the experiment as it now is.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Brand } from '../../../../brands/types.ts';
import { CC_EXPERIMENT_CREATE, CC_EXPERIMENT_GET, CC_EXPERIMENT_RESULTS, CC_EXPERIMENT_STATUS, CC_EXPERIMENT_UPDATE, CC_EXPERIMENTS_LIST } from '../../../core/contract/cc-experiments.ts';
import { canChangeStatus, STATUS_CHANGES, type ExperimentFields } from '../../../core/experiments/experiment.ts';
import { sendBadRequest } from '../../platform/http/bad-request.ts';
import { routeEndpoint } from '../../platform/http/endpoint-route.ts';
import { requestLookup } from '../../platform/http/request-lookup.ts';
import { pageImage } from '../../pages/page-image.ts';
import type { ExperimentChange, Store } from '../../platform/store/index.ts';
import { auditChange } from '../audit/endpoint-audit.ts';
import { routesOf, siteBrand } from '../branch-directory.ts';
import { namedBranch, unknownBranch } from '../branch-lookup.ts';
import { staffOf } from '../staff.ts';
import { experimentResults } from '../../experiments/experiment-results.ts';

type ExperimentParams = { branch: string; experiment: string };

/** What is wrong with fields the schema accepted, judged against the branch: unknown routes, images it does not have. */
async function branchProblems(store: Store, brand: Brand, fields: ExperimentFields): Promise<string[]> {
  const served = new Set(routesOf(brand).map((route) => route.name));
  const problems = fields.routes.flatMap((route, index) => (served.has(route) ? [] : [`routes[${index}]: ${brand.id} has no route '${route}'`]));
  for (const [index, variant] of fields.variants.entries()) {
    const image = variant.overrides.image;
    if (image !== undefined && !(await pageImage(store, brand.id, image))) problems.push(`variants[${index}].overrides.image: ${brand.id} has no image ${image}`);
  }
  return problems;
}

/** Registers the experiment routes. */
export const experimentsRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;

  /** The brand and the experiment the path names; 404 for an unknown branch or experiment. */
  const namedExperiment = requestLookup(async (request: FastifyRequest<{ Params: ExperimentParams }>, reply) => {
    const brand = siteBrand(request.params.branch);
    if (!brand) return reply.code(404).send(unknownBranch(request.params.branch));
    const experiment = await store.getExperiment(brand.id, request.params.experiment);
    if (!experiment) return reply.code(404).send({ error: 'Unknown experiment', problems: [`experiment: ${brand.id} has no experiment '${request.params.experiment}'`] });
    return { brand, experiment };
  });

  /** The answer to a change: the experiment, 409 with the current one on a conflict, 404 when it vanished. */
  function answerChange(reply: FastifyReply, outcome: ExperimentChange, baseVersion: number) {
    if ('missing' in outcome) return reply.code(404).send({ error: 'Unknown experiment', problems: ['experiment: it no longer exists'] });
    if ('conflict' in outcome) {
      return reply.code(409).send({ error: 'Someone changed this experiment first', problems: [`version ${outcome.conflict.version} is current, after version ${baseVersion} you started from`], experiment: outcome.conflict });
    }
    return { experiment: outcome.changed };
  }

  routeEndpoint(app, CC_EXPERIMENTS_LIST, { before: [namedBranch] }, async (request) => ({ experiments: await store.listExperiments(namedBranch.of(request).id) }));

  routeEndpoint(app, CC_EXPERIMENT_CREATE, { before: [namedBranch] }, async (request, reply) => {
    const brand = namedBranch.of(request);
    const { key, ...fields } = request.body;
    const problems = await branchProblems(store, brand, fields);
    if (problems.length > 0) return sendBadRequest(reply, CC_EXPERIMENT_CREATE.invalid, problems);
    const staff = await staffOf(request);
    const created = await store.createExperiment({ key, branch: brand.id, ...fields, by: staff.email });
    if (!created) {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- createExperiment refuses only a key the branch already has, and experiments are never deleted
      const taken = (await store.getExperiment(brand.id, key))!;
      return reply.code(409).send({ error: 'This key is taken', problems: [`key: ${brand.id} already has an experiment '${key}'`], experiment: taken });
    }
    await auditChange(request, CC_EXPERIMENT_CREATE, { branch: brand.id, itemId: key, action: 'create', after: created });
    return reply.code(201).send({ experiment: created });
  });

  routeEndpoint(app, CC_EXPERIMENT_GET, { before: [namedExperiment] }, async (request) => ({ experiment: namedExperiment.of(request).experiment }));

  routeEndpoint(app, CC_EXPERIMENT_UPDATE, { before: [namedExperiment] }, async (request, reply) => {
    const { brand, experiment } = namedExperiment.of(request);
    const { baseVersion, fields } = request.body;
    if (experiment.status !== 'draft') {
      return reply.code(409).send({ error: 'Only a draft can be edited', problems: [`status: '${experiment.key}' is ${experiment.status}; only pausing and stopping are allowed now`], experiment });
    }
    const problems = await branchProblems(store, brand, fields);
    if (problems.length > 0) return sendBadRequest(reply, CC_EXPERIMENT_UPDATE.invalid, problems);
    const outcome = await store.updateExperimentFields(brand.id, experiment.key, fields, baseVersion);
    if ('changed' in outcome) {
      await auditChange(request, CC_EXPERIMENT_UPDATE, { branch: brand.id, itemId: experiment.key, action: 'edit', before: experiment, after: outcome.changed });
    }
    return answerChange(reply, outcome, baseVersion);
  });

  routeEndpoint(app, CC_EXPERIMENT_STATUS, { before: [namedExperiment] }, async (request, reply) => {
    const { brand, experiment } = namedExperiment.of(request);
    const { status, baseVersion } = request.body;
    if (!canChangeStatus(experiment.status, status)) {
      const allowed = STATUS_CHANGES[experiment.status];
      return reply.code(409).send({
        error: 'This status change is not allowed',
        problems: [`status: '${experiment.key}' is ${experiment.status}; it can ${allowed.length > 0 ? `go to ${allowed.join(' or ')}` : 'no longer change'}, not to ${status}`],
        experiment,
      });
    }
    if (status === 'running') {
      // A page shows one variant at a time: a second running experiment on a page would be
      // invisible (the first one listed wins) and its results would count nobody.
      const clashes = (await store.runningExperiments(brand.id))
        .filter((other) => other.key !== experiment.key)
        .flatMap((other) => other.routes.filter((route) => experiment.routes.includes(route)).map((route) => `routes: '${other.key}' is already running on ${route}; pause or stop it first`));
      if (clashes.length > 0) return reply.code(409).send({ error: 'Another experiment is running on this page', problems: clashes, experiment });
    }
    const outcome = await store.setExperimentStatus(brand.id, experiment.key, status, baseVersion);
    if ('changed' in outcome) {
      await auditChange(request, CC_EXPERIMENT_STATUS, { branch: brand.id, itemId: experiment.key, action: status === 'running' ? (experiment.status === 'draft' ? 'start' : 'resume') : status === 'paused' ? 'pause' : 'stop', before: { status: experiment.status, version: experiment.version }, after: { status, version: outcome.changed.version } });
    }
    return answerChange(reply, outcome, baseVersion);
  });

  routeEndpoint(app, CC_EXPERIMENT_RESULTS, { before: [namedExperiment] }, async (request) => ({ results: await experimentResults(store, namedExperiment.of(request).experiment) }));
};
