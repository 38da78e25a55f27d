/**
 * `cobrand sandbox marketplace`: run the sandbox marketplace (src/server/sandbox/marketplace.ts)
 * on its own until Ctrl-C, printing its endpoints, the environment that points a server at it,
 * its rules, and one line per request.
 */
import type { Command } from 'commander';
import * as z from 'zod';
import { sandboxUpstreamEnv, UPSTREAM_URL_VARIABLES } from '../src/server/sandbox/auto-start.ts';
import { startSandboxMarketplace, type SandboxRequest } from '../src/server/sandbox/marketplace.ts';
import {
  SANDBOX_API_TOKEN,
  SANDBOX_BASE_BID,
  SANDBOX_LOW_BID,
  SANDBOX_MODE_HEADER,
  SANDBOX_MODE_ZIPS,
  SANDBOX_MODES,
  SANDBOX_SLOW_MS,
} from '../src/server/sandbox/rules.ts';
import { parseWith } from './arguments.ts';

const portArgument = z.coerce.number({ error: 'must be a port number from 0 to 65535' }).int('must be a port number from 0 to 65535').min(0).max(65535);
const hostArgument = z.string().regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address');
const tokenArgument = z.string().min(1, 'must not be empty');

async function runMarketplace(options: { port: number; host: string; token?: string }): Promise<void> {
  const sandbox = await startSandboxMarketplace({ port: options.port, host: options.host, ...(options.token ? { token: options.token } : {}) });
  const env = sandboxUpstreamEnv(sandbox, {});
  const lines = [
    `sandbox marketplace listening on ${sandbox.url}`,
    `  POST     ${sandbox.endpoints.demandCheck}   (token required)`,
    `  POST     ${sandbox.endpoints.getPhone}   (token required)`,
    `  GET|POST ${sandbox.endpoints.ads}   (token required; zip, product=medicare|auto, max)`,
    `  POST     ${sandbox.endpoints.leadBuyer}   (no token)`,
    `token: send "Authorization: Bearer ${sandbox.token}"`,
    `bids: ZIP starting with 0 (or none) bids ${SANDBOX_LOW_BID}; any other ZIP bids ${SANDBOX_BASE_BID} + (last two digits)/10`,
    `failures: ZIP ${Object.entries(SANDBOX_MODE_ZIPS)
      .map(([zip, mode]) => `${zip}=${mode}`)
      .join(', ')} or header ${SANDBOX_MODE_HEADER}: ${SANDBOX_MODES.filter((mode) => mode !== 'ok').join('|')} (slow answers after ${SANDBOX_SLOW_MS} ms)`,
    'point a cobrand server at it with:',
    `  ${[...UPSTREAM_URL_VARIABLES, 'MEDIAALPHA_API_TOKEN'].map((name) => `${name}=${env[name] ?? ''}`).join(' ')}`,
    'Ctrl-C to stop',
  ];
  console.log(lines.join('\n'));
  sandbox.events.on('request', (request: SandboxRequest) => {
    console.log(`${new Date().toISOString()} ${request.method} ${request.path} zip=${request.zip ?? '-'} mode=${request.mode}`);
  });
  sandbox.events.on('abandoned', (request: SandboxRequest) => {
    console.log(`${new Date().toISOString()} ${request.method} ${request.path}: the client closed the connection before the answer`);
  });
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sandbox.close();
  console.log('sandbox marketplace stopped');
}

/** Registers `sandbox marketplace`. */
export function registerSandboxCommands(program: Command): void {
  const sandbox = program.command('sandbox').description('local stand-ins for third-party services');
  sandbox
    .command('marketplace')
    .description('run the sandbox ad marketplace (demand-check, get-phone, ads, lead buyer) until Ctrl-C')
    .option('--port <n>', 'port to listen on (0: a free one)', parseWith(portArgument), 0)
    .option('--host <host>', 'address to listen on', parseWith(hostArgument), '127.0.0.1')
    .option('--token <token>', `the API token to require (default: ${SANDBOX_API_TOKEN})`, parseWith(tokenArgument))
    .action(runMarketplace);
}
