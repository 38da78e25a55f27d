/**
 * `npm start`: validates the environment, builds the client if needed, serves every brand and
 * prints their local URLs.
 */
import { BRANDS } from '../../brands/index.ts';
import { buildIfNeeded } from '../../build.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

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
  await buildIfNeeded();
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  console.log(`cobrand is serving ${BRANDS.length} brands:`);
  for (const brand of BRANDS) console.log(`  ${brand.name.padEnd(32)} http://${brand.id}.localhost:${port}/`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0));
    });
  }
}

await main();
