/**
 * `cobrand leads consent ID` (registered in leads-command.ts): a lead's consent proof, and whether
 * the consent step this code renders now for the lead's brand and route is byte for byte the one
 * the visitor was shown (the sha256 the proof keeps). `--html` prints the stored HTML itself.
 * A differing render is a finding, not a failure (any change of the step's markup makes one), so
 * it exits 0; a lead that is missing, has no proof, or has no stored HTML for `--html` exits 1.
 */
import type { Command } from 'commander';
import { renderConsentStep } from '../src/server/leads/consent-document.tsx';
import { readBuildManifest } from '../src/server/platform/build-info.ts';
import type { ConsentProof, LeadRow } from '../src/server/platform/store/index.ts';
import { withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { consentLines } from './leads-text.ts';

/** The options of `leads consent`. */
export interface ConsentOptions {
  json?: boolean;
  html?: boolean;
  /** The client build folder whose id names the current build (`npm run build`). */
  dist: string;
}

/** The consent step rendered now, compared with the proof's hash. */
export interface ConsentRerender {
  /** The current build's id; null when no build could be read from --dist. */
  buildId: string | null;
  /** sha256 of the step as rendered now; absent when it cannot be rendered. */
  htmlSha256?: string;
  /** True when it is the proof's hash; null when the proof keeps no hash to compare with. */
  matches: boolean | null;
  /** Why there is nothing to compare, or why the step cannot be rendered now. */
  problem?: string;
}

/** The current build's id from `dist`, or null when it has none. */
async function currentBuildId(dist: string): Promise<string | null> {
  try {
    return (await readBuildManifest(dist)).id;
  } catch {
    return null;
  }
}

/** Renders `lead`'s consent step now and compares it with what its proof keeps. */
export function rerenderConsent(lead: Pick<LeadRow, 'brandId' | 'route' | 'funnel'>, consent: ConsentProof, buildId: string | null): ConsentRerender {
  const now = renderConsentStep({ brandId: lead.brandId, route: lead.route, funnel: lead.funnel });
  if (!now.ok) return { buildId, matches: consent.htmlSha256 === undefined ? null : false, problem: now.problem };
  if (consent.htmlSha256 === undefined) return { buildId, htmlSha256: now.sha256, matches: null, problem: 'the proof keeps no HTML hash: the lead was captured before consent documents were kept' };
  return { buildId, htmlSha256: now.sha256, matches: now.sha256 === consent.htmlSha256 };
}

/** The comparison as one line. */
export function rerenderLine(rerender: ConsentRerender): string {
  const build = `current build ${rerender.buildId ?? '(unknown: no client build found)'}`;
  if (rerender.matches === true) return `matches (${build})`;
  if (rerender.matches === null) return `not compared: ${rerender.problem ?? ''}`;
  if (rerender.htmlSha256 === undefined) return `differs: ${build} cannot render it (${rerender.problem ?? ''})`;
  return `differs: ${build} renders sha256 ${rerender.htmlSha256}`;
}

/** Says `message` on stderr with exit code 1. */
function problem(io: CliIo, message: string): void {
  io.stderr.write(`${message}\n`);
  io.setExitCode(EXIT_CODES.problems);
}

/** `leads consent`. */
export async function showConsent(io: CliIo, id: string, options: ConsentOptions, command: Command): Promise<void> {
  if (options.html && options.json) command.error('error: give --html or --json, not both', { exitCode: EXIT_CODES.usage });
  await withStore(io, async (store) => {
    const lead = await store.getLead(id);
    if (lead === undefined) return problem(io, `no lead with id '${id}'`);
    const { consent } = lead;
    if (consent === null) return problem(io, `lead '${id}' has no consent proof (its funnel collected no phone or email)`);
    if (options.html) {
      if (consent.htmlSha256 === undefined) return problem(io, `lead '${id}' keeps no consent step HTML: it was captured before consent documents were kept`);
      const document = await store.getConsentDocument(consent.htmlSha256);
      if (document === undefined) return problem(io, `lead '${id}' names consent document ${consent.htmlSha256}, which is not in the store`);
      // The bytes exactly as kept, with no newline added: piped to sha256sum they give the proof's hash.
      await write(io.stdout, document.html);
      return;
    }
    const rerender = rerenderConsent(lead, consent, await currentBuildId(options.dist));
    if (options.json) {
      await write(io.stdout, `${JSON.stringify({ ...consent, rerender }, null, 2)}\n`);
      return;
    }
    await write(io.stdout, `${[...consentLines(consent), '', `re-rendered  ${rerenderLine(rerender)}`].join('\n')}\n`);
  });
}
