/**
 * A plugin of the app with a name and what must be registered before it, checked by Fastify as
 * the app starts: a plugin registered before one of its dependencies, or before a decorator it
 * reads exists, stops the start with Fastify's own error (FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED,
 * FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE) instead of running with a hook or a decorator missing.
 *
 * The declaration wraps the plugin rather than changing it: the wrapper (fastify-plugin, so it
 * adds no context of its own) registers the plugin as app.ts always did, so an encapsulated
 * plugin keeps its hooks, parsers and error handler to itself and a global one stays global.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

/** What a plugin is called and what it needs before it. */
export interface PluginDeclaration {
  /** Unique in the app; what other declarations name in their dependencies. */
  name: string;
  /** Plugins that must be registered first: their hooks, parsers or routes must be in place when this one registers. */
  dependencies?: readonly string[];
  /** Decorators this plugin reads as it registers. */
  decorators?: { fastify?: readonly string[]; request?: readonly string[]; reply?: readonly string[] };
}

/**
 * `plugin` under `declaration`, for `app.register(declared, options)`.
 * @example
 * const jobs = declaredPlugin(leadJobsPlugin, { name: 'lead-jobs', dependencies: ['store'], decorators: { fastify: ['store'] } });
 * await app.register(jobs, { vars }); // Fastify refuses it unless the store plugin came first
 */
export function declaredPlugin<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>, declaration: PluginDeclaration): FastifyPluginAsync<Options> {
  const { decorators } = declaration;
  return fp(
    async function declared(app: FastifyInstance, options: Options) {
      await app.register(plugin, options);
    },
    {
      fastify: '5.x',
      name: declaration.name,
      dependencies: [...(declaration.dependencies ?? [])],
      ...(decorators ? { decorators: { fastify: [...(decorators.fastify ?? [])], request: [...(decorators.request ?? [])], reply: [...(decorators.reply ?? [])] } } : {}),
    },
  );
}
