/**
 * The better-sqlite3 this Node runs: 13 on Node 22 and later, 12 on Node 20, which
 * package.json's engines still name.
 *
 * better-sqlite3 12 is compiled at install against the running Node's headers, and compiled with
 * Node 24.19's or later it aborts the process when V8 collects a statement outside a JavaScript
 * context (`RemoveEnvironmentCleanupHook … Assertion failed: (env) != nullptr`, nodejs/node#65446,
 * open): node::ObjectWrap, which 12 derives its Database and Statement from, registers a cleanup
 * hook from those headers on. 13 is built on Node-API and ships its binaries inside the npm
 * package (nothing to compile), but declares Node 22 or later, and on Node 20 opening a database
 * with it crashes the process. So package.json has both: `better-sqlite3` is 13, and
 * `better-sqlite3-node20` is 12 under another name (an optional dependency: an install that cannot
 * compile it still works on 22 and 24). Their JavaScript APIs are the same for everything the store uses.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** The package name of the better-sqlite3 that runs on Node `major`. */
export function sqlitePackageFor(major: number): string {
  return major >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
}

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** better-sqlite3's `Database` constructor for this process's Node ({@link sqlitePackageFor}). */
export const SqliteDatabase = createRequire(import.meta.url)(sqlitePackageFor(nodeMajor)) as typeof BetterSqlite3;
