/**
 * `npm run bench:upload`: the server's memory while staff upload images. An image is decoded
 * only after its header says it is within IMAGE_MAX_PIXELS (4096 × 4096); a larger one is refused
 * 413 from the header alone, so a 48-megapixel photo (which once took 27 s and lifted RSS to
 * 396 MB) costs no more than its bytes.
 *
 * For each case, a fresh server (NODE_ENV=production, SQLite in a fresh folder, one staff account)
 * in a child process; this process signs in, uploads the image (a photo-like JPEG made with sharp), and samples the server's resident set
 * (/proc/PID/status) every 10 ms meanwhile. Cases: no upload (the baseline), a 12-megapixel
 * image (accepted), a 48-megapixel image (refused). Prints peak RSS, its ratio to the baseline's,
 * the answer and the time. Asserts nothing. Bounded: every request has a 60 s budget.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildIfNeeded } from '../build.ts';
import { formatTable } from '../cli/table.ts';
import { AUTH_SESSION_PATH } from '../src/core/contract/paths.ts';
import { CC_IMAGE_UPLOAD } from '../src/core/contract/cc-images.ts';
import { IMAGE_MAX_PIXELS } from '../src/core/control-center/images.ts';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { timedRequest, withProductionServer } from './support/child-roles.ts';
import { serveRole } from './support/serve-role.ts';

const SELF = fileURLToPath(import.meta.url);
const REQUEST_TIMEOUT_MS = 60_000;
const SAMPLE_EVERY_MS = 10;
const CONTROL_CENTER_HOST = 'ccc.localhost';
const ACCOUNT = { email: 'bench@example.com', name: 'Bench', password: randomBytes(12).toString('hex') };
const HTTPS_HEADERS = { host: CONTROL_CENTER_HOST, 'x-forwarded-proto': 'https', origin: `https://${CONTROL_CENTER_HOST}` };

/**
 * A photo-like JPEG, `width` × `height`: coarse noise enlarged smoothly, so it compresses as a
 * photo does and stays under the upload's byte limit even at 48 megapixels (what a phone camera
 * sends), which is what makes its decoding, not its bytes, the cost.
 */
async function photoLikeJpeg(width: number, height: number): Promise<Buffer> {
  const channels = 3;
  const coarse = { width: Math.ceil(width / 64), height: Math.ceil(height / 64), channels } as const;
  const raw = await sharp(randomBytes(coarse.width * coarse.height * channels), { raw: coarse }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  return sharp(raw, { raw: { width, height, channels } }).jpeg({ quality: 75 }).toBuffer();
}

/** The server child's resident set now, in bytes. */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) * 1024;
}

/** The `name=value` pairs of every cookie a sign-in answer set, as a browser would send them back. */
function cookiesOf(setCookie: string[] | undefined): string {
  return (setCookie ?? []).map((line) => line.split(';')[0]).join('; ');
}

async function signIn(port: number): Promise<string> {
  const body = JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password });
  const answer = await timedRequest(port, { method: 'POST', path: AUTH_SESSION_PATH, headers: { ...HTTPS_HEADERS, 'content-type': 'application/json' }, body }, { timeoutMs: REQUEST_TIMEOUT_MS });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  return cookiesOf(answer.headers?.['set-cookie']);
}

interface CaseOutcome {
  name: string;
  bytes: number;
  peak: number;
  status: string;
  ms: number;
}

async function runCase(name: string, image: Buffer | undefined): Promise<CaseOutcome> {
  return withProductionServer(SELF, 'upload', { BENCH_ACCOUNT: JSON.stringify(ACCOUNT) }, async ({ role, port }) => {
    const pid = role.child.pid;
    if (pid === undefined) throw new Error('the server has no process id');
    const cookie = await signIn(port);
    let peak = residentBytes(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), SAMPLE_EVERY_MS);
    try {
      if (image === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return { name, bytes: 0, peak, status: '-', ms: 0 };
      }
      const answer = await timedRequest(
        port,
        { method: 'PUT', path: `${CC_IMAGE_UPLOAD.path.replace('{branch}', 'ac')}?alt=bench`, headers: { ...HTTPS_HEADERS, cookie, 'content-type': 'image/jpeg' }, body: image },
        { timeoutMs: REQUEST_TIMEOUT_MS },
      );
      // One more sample after the answer: what was decoded may still be held.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { name, bytes: image.length, peak: Math.max(peak, residentBytes(pid)), status: String(answer.status), ms: answer.ms };
    } finally {
      clearInterval(sampler);
    }
  });
}

async function main(): Promise<void> {
  await buildIfNeeded();
  process.stderr.write('making the test images...\n');
  const twelve = await photoLikeJpeg(4000, 3000);
  const fortyEight = await photoLikeJpeg(8000, 6000);
  const idle = await runCase('no upload', undefined);
  const outcomes = [idle, await runCase('12 MP (4000 × 3000)', twelve), await runCase('48 MP (8000 × 6000)', fortyEight)];
  const baseline = idle.peak;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`\nServer RSS while one image is uploaded (limit ${Math.sqrt(IMAGE_MAX_PIXELS)} × ${Math.sqrt(IMAGE_MAX_PIXELS)} pixels), NODE_ENV=production.\n`);
  console.log(
    formatTable(
      ['CASE', 'FILE MB', 'PEAK RSS MB', 'VS NO UPLOAD', 'ANSWER', 'MS'],
      outcomes.map((outcome) => [outcome.name, (outcome.bytes / 1024 / 1024).toFixed(1), mb(outcome.peak), `${(outcome.peak / baseline).toFixed(2)}×`, outcome.status, outcome.ms.toFixed(0)]),
    ),
  );
}

if (process.argv[2] === '--serve') {
  await serveRole(async (app) => {
    const account = JSON.parse(process.env.BENCH_ACCOUNT ?? '{}') as typeof ACCOUNT;
    await app.store.createUser({ email: account.email, name: account.name, passwordHash: await hashPassword(account.password) });
  });
} else {
  await main();
}
