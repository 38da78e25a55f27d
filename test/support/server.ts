/**
 * Moved to tools/support/server.ts: benchmarks and scripts use it too, and they import nothing
 * from test/. This re-export keeps the test files that import it from here working until they
 * import it from there; then it goes.
 */
export * from '../../tools/support/server.ts';
