/**
 * On-the-fly compression of what is not compressed at build time: the
 * streamed HTML of pages, JSON (payload twins, API answers) and any text file without a twin.
 * Hashed JS and CSS are served from their build-time brotli and gzip twins instead (app.ts,
 * `preCompressed`), which this leaves alone: a reply that already names its encoding passes through.
 *
 * Registered before any route: @fastify/compress adds its hook to each route as it is declared.
 * Its hook runs after the app's own `onSend` hooks, so the status and headers are settled before
 * the first compressed byte (a 404 page stays 404).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** What the server compresses to, in the order it prefers them when a browser accepts both. */
export const ON_THE_FLY_ENCODINGS = ['br', 'gzip'] as const;

/**
 * Brotli quality for on-the-fly compression: 4 compresses HTML about as well as gzip's best at a
 * fraction of the time quality 11 takes (the build-time twins use 11, paid once per build).
 */
const BROTLI_ON_THE_FLY_QUALITY = 4;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: [...ON_THE_FLY_ENCODINGS],
    // Streaming: flush every chunk React writes, so the shell reaches the browser as soon as it is
    // rendered instead of waiting in the compressor's window for the rest of the page.
    zlibOptions: { flush: constants.Z_SYNC_FLUSH },
    brotliOptions: { flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_ON_THE_FLY_QUALITY } },
    // Request bodies are not inflated: a small compressed body could expand past the body limits
    // that jsonBodyPlugin checks on the bytes received.
    globalDecompression: false,
  });
}

/** Registers on-the-fly brotli/gzip for every route declared after it. */
export const compressionPlugin = fp(compression, { name: 'compression' });
