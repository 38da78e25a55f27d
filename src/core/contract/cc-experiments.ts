/**
 * The control center's experiment endpoints: a branch's experiments,
 * creating one (a draft), one experiment, editing a draft, changing its status (start, pause,
 * resume, stop) and its results. Every change names the version it started from: 409 with the
 * current experiment when someone changed it first, or when the status change is not allowed.
 */
import * as z from 'zod';
import { ExperimentFieldsSchema, ExperimentKeySchema, ExperimentSchema, EXPERIMENT_STATUSES } from '../experiments/experiment.ts';
import { ExperimentResultsSchema } from '../experiments/results.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

const version = z.int('baseVersion must be a whole number').min(1, 'baseVersion must be 1 or more');

/** A new experiment: its key and fields. */
export const ExperimentCreateSchema = ExperimentFieldsSchema.extend({ key: ExperimentKeySchema });

/** A draft's new fields, and the version the editor loaded. */
export const ExperimentUpdateSchema = z.strictObject({ baseVersion: version, fields: ExperimentFieldsSchema });

/** A status change, and the version the editor loaded. */
export const ExperimentStatusChangeSchema = z.strictObject({ baseVersion: version, status: z.enum(EXPERIMENT_STATUSES, { error: `status must be one of ${EXPERIMENT_STATUSES.join(', ')}` }) });

/** What a refused change answers (409): the usual error, and the experiment as it is now. */
export const ExperimentConflictSchema = z.object({ error: z.string(), problems: z.array(z.string()), experiment: ExperimentSchema });

export const CC_EXPERIMENTS_LIST = defineEndpoint({
  name: 'cc-experiments-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/experiments',
  request: NothingSchema,
  response: z.object({ experiments: z.array(ExperimentSchema) }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_EXPERIMENT_CREATE = defineEndpoint({
  name: 'cc-experiment-create',
  method: 'POST',
  path: '/api/cc/branches/{branch}/experiments',
  request: ExperimentCreateSchema,
  /** 201 with the draft; 409 when the key is taken. */
  response: z.object({ experiment: ExperimentSchema }),
  bodyLimit: BODY_LIMITS.experiment,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid experiment',
  audit: { kind: 'experiment', actions: ['create'] },
});

export const CC_EXPERIMENT_GET = defineEndpoint({
  name: 'cc-experiment-get',
  method: 'GET',
  path: '/api/cc/branches/{branch}/experiments/{experiment}',
  request: NothingSchema,
  response: z.object({ experiment: ExperimentSchema }),
  access: 'staff',
  limitGroup: 'session',
});

export const CC_EXPERIMENT_UPDATE = defineEndpoint({
  name: 'cc-experiment-update',
  method: 'PUT',
  path: '/api/cc/branches/{branch}/experiments/{experiment}',
  request: ExperimentUpdateSchema,
  /** The edited draft; 409 {@link ExperimentConflictSchema} when it is no longer a draft or someone changed it first. */
  response: z.object({ experiment: ExperimentSchema }),
  bodyLimit: BODY_LIMITS.experiment,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid experiment',
  audit: { kind: 'experiment', actions: ['edit'] },
});

export const CC_EXPERIMENT_STATUS = defineEndpoint({
  name: 'cc-experiment-status',
  method: 'POST',
  path: '/api/cc/branches/{branch}/experiments/{experiment}/status',
  request: ExperimentStatusChangeSchema,
  /** The experiment in its new status; 409 {@link ExperimentConflictSchema} for a change its status does not allow, or a stale version. */
  response: z.object({ experiment: ExperimentSchema }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid status change',
  audit: { kind: 'experiment', actions: ['start', 'resume', 'pause', 'stop'] },
});

export const CC_EXPERIMENT_RESULTS = defineEndpoint({
  name: 'cc-experiment-results',
  method: 'GET',
  path: '/api/cc/branches/{branch}/experiments/{experiment}/results',
  request: NothingSchema,
  response: z.object({ results: ExperimentResultsSchema }),
  access: 'staff',
  limitGroup: 'session',
});
