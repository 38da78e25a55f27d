/**
 * `npm start`: validates the environment, starts the sandbox marketplace when no upstream is
 * configured, builds the client if needed, serves every brand and prints their local URLs.
 */
import { BRANDS } from '../../brands/index.ts';
import { buildIfNeeded } from '../../build.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startSandboxIfUnconfigured } from './sandbox/auto-start.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // No upstream configured (and not production): stand the sandbox marketplace in for it.
  const upstreams = await startSandboxIfUnconfigured(config.vars, process.env, config.env === 'production');
  if (upstreams.sandbox) config = loadConfig(upstreams.env);
  await buildIfNeeded();
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  console.log(`cobrand is serving ${BRANDS.length} brands:`);
  for (const brand of BRANDS) console.log(`  ${brand.name.padEnd(32)} http://${brand.id}.localhost:${port}/`);
  console.log(upstreams.notice);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => upstreams.sandbox?.close()).then(() => process.exit(0));
    });
  }
}

await main();
