/**
 * `cobrand sandbox marketplace` (registered in sandbox-command.ts): run the sandbox marketplace
 * (src/server/marketplace/sandbox/sandbox-marketplace.ts) on its own until Ctrl-C, printing its endpoints, the
 * environment that points a server at it, its rules, and one line per request.
 */
import { PRODUCT_LINES } from '../src/core/marketplace/product-line.ts';
import { sandboxUpstreamEnv, UPSTREAM_URL_VARIABLES } from '../src/server/marketplace/sandbox/auto-start.ts';
import { startSandboxMarketplace, type SandboxRequest } from '../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import {
  SANDBOX_BASE_BID,
  SANDBOX_LOW_BID,
  SANDBOX_MODE_HEADER,
  SANDBOX_MODE_ZIPS,
  SANDBOX_MODES,
  SANDBOX_SLOW_MS,
} from '../src/server/marketplace/sandbox/sandbox-rules.ts';
import { PLACEMENT_VARIABLES } from '../src/server/marketplace/server-fields.ts';
import { print, type CliIo } from './cli-io.ts';

/**
 * Every variable a server needs to use the sandbox fully: the upstream URLs, the token and every
 * product line's placement id. A server given the URLs without the placements would make no
 * demand check and no phone lease (pages make neither without a placement), so all are printed.
 */
export const SANDBOX_SERVER_VARIABLES = [...UPSTREAM_URL_VARIABLES, 'MEDIAALPHA_API_TOKEN', ...PRODUCT_LINES.map((line) => PLACEMENT_VARIABLES[line])] as const;

/** `sandbox marketplace`: runs until io.interruption() (Ctrl-C, SIGTERM). */
export async function runMarketplace(io: CliIo, options: { port: number; host: string; token?: string }): Promise<void> {
  // Listened for before the first line, so a Ctrl-C right after "Ctrl-C to stop" is caught.
  const interruption = io.interruption();
  const sandbox = await startSandboxMarketplace({ port: options.port, host: options.host, ...(options.token ? { token: options.token } : {}) });
  const env = sandboxUpstreamEnv(sandbox, {});
  const lines = [
    `sandbox marketplace listening on ${sandbox.url}`,
    `  POST     ${sandbox.endpoints.demandCheck}   (token required)`,
    `  POST     ${sandbox.endpoints.getPhone}   (token required)`,
    `  GET|POST ${sandbox.endpoints.ads}   (token required; zip, product=${PRODUCT_LINES.join('|')}, max)`,
    `  POST     ${sandbox.endpoints.leadBuyer}   (no token)`,
    `token: send "Authorization: Bearer ${sandbox.token}"`,
    `bids: ZIP starting with 0 (or none) bids ${SANDBOX_LOW_BID}; any other ZIP bids ${SANDBOX_BASE_BID} + (last two digits)/10`,
    `failures: ZIP ${Object.entries(SANDBOX_MODE_ZIPS)
      .map(([zip, mode]) => `${zip}=${mode}`)
      .join(', ')} or header ${SANDBOX_MODE_HEADER}: ${SANDBOX_MODES.filter((mode) => mode !== 'ok').join('|')} (slow answers after ${SANDBOX_SLOW_MS} ms)`,
    'point a cobrand server at it with:',
    `  ${SANDBOX_SERVER_VARIABLES.map((name) => `${name}=${env[name] ?? ''}`).join(' ')}`,
    'Ctrl-C to stop',
  ];
  print(io.stdout, lines.join('\n'));
  sandbox.events.on('request', (request: SandboxRequest) => {
    print(io.stdout, `${new Date().toISOString()} ${request.method} ${request.path} zip=${request.zip ?? '-'} mode=${request.mode}`);
  });
  sandbox.events.on('abandoned', (request: SandboxRequest) => {
    print(io.stdout, `${new Date().toISOString()} ${request.method} ${request.path}: the client closed the connection before the answer`);
  });
  if (!interruption.aborted) await new Promise((resolve) => interruption.addEventListener('abort', resolve, { once: true }));
  await sandbox.close();
  print(io.stdout, 'sandbox marketplace stopped');
}
