/**
 * `cobrand sandbox content-factory` (registered in sandbox-command.ts): run the sandbox
 * text-generation provider (src/server/control-center/content-factory/sandbox-provider.ts) on its own until Ctrl-C,
 * printing its URL, the environment that points a server at it, and one line per draft asked for.
 */
import { startSandboxProvider, type SandboxDraftRequest } from '../src/server/control-center/content-factory/sandbox-provider.ts';
import { CHAT_COMPLETIONS_PATH } from '../src/server/control-center/content-factory/provider.ts';
import { print, type CliIo } from './cli-io.ts';

/** `sandbox content-factory`: runs until io.interruption() (Ctrl-C, SIGTERM). */
export async function runContentFactorySandbox(io: CliIo, options: { port: number; host: string; token?: string }): Promise<void> {
  // Listened for before the first line, so a Ctrl-C right after "Ctrl-C to stop" is caught.
  const interruption = io.interruption();
  const sandbox = await startSandboxProvider({ port: options.port, host: options.host, ...(options.token ? { token: options.token } : {}) });
  const lines = [
    `sandbox content-factory provider listening on ${sandbox.url}`,
    `  POST ${sandbox.url}${CHAT_COMPLETIONS_PATH}   (OpenAI-compatible chat completions; ${options.token ? 'token required' : 'any API key or none'})`,
    'answers: a Markdown article built from the prompt\'s "Topic:" and "Template:" (review, how-to, news) lines; the same request, the same article',
    'point a cobrand server at it with:',
    `  CONTENT_FACTORY_URL=${sandbox.url}${options.token ? ` CONTENT_FACTORY_API_KEY=${options.token}` : ''}`,
    'Ctrl-C to stop',
  ];
  print(io.stdout, lines.join('\n'));
  sandbox.events.on('request', (request: SandboxDraftRequest) => {
    print(io.stdout, `${new Date().toISOString()} POST ${CHAT_COMPLETIONS_PATH} model=${request.model} template=${request.template} topic=${JSON.stringify(request.topic)}`);
  });
  if (!interruption.aborted) await new Promise((resolve) => interruption.addEventListener('abort', resolve, { once: true }));
  await sandbox.close();
  print(io.stdout, 'sandbox content-factory provider stopped');
}
