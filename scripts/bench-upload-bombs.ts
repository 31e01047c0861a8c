/**
 * `npm run bench:uploads [-- --uploaders 4 --seconds 10 --baseline-seconds 5]` (or
 * BENCH_UPLOADERS, BENCH_SECONDS, BENCH_BASELINE_SECONDS): does the server keep answering while
 * hostile uploads are read? The API server runs as a child process (tsx, as `npm start` runs
 * it; no web build needed) on a fresh PGlite database. This process probes `/healthz` every
 * ~20 ms: first for a baseline with no uploads, then for S seconds while N uploaders, all at
 * once, send the bombs over and over (a 120 MB-of-XML Word document, one whose zip lies about
 * its sizes, a PDF with a 40 MB content stream, a PDF of 1,001 pages), then while each sends
 * once the files that are heavy but within the limits (a Word document of 4 MB of XML, a PDF
 * with a 4 MB content stream), which are really parsed, for seconds, in the extraction workers.
 *
 * Prints /healthz p50/p99/max for the baseline and during each phase, and each file's
 * answers and times; exits non-zero when a phase's p99 reaches 100 ms or an upload got an
 * unexpected answer. Test files are built at run time (tests/support/upload-bombs.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { option } from './lib/cli-options';
import { makeDocxBomb, makeManyPagesPdf, makePdfBomb } from '../tests/support/upload-bombs';
import { summarise, type Summary } from './lib/percentiles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const P99_BUDGET_MS = 100;

/** The child: the API server alone, on the data directory it is given. */
async function serve() {
  const { parseEnv } = await import('../contract/env');
  const { startServer } = await import('../server');
  const env = parseEnv({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    APP_ENV: 'test',
    SESSION_SECRET: 'bench-secret',
  });
  const server = await startServer({ env, log: () => {}, web: false });
  console.log(`LISTENING ${server.url}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Probe /healthz every ~20 ms until `until` resolves; the latency of each answer. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

async function post(url: string, pathname: string, body: unknown, token?: string) {
  const response = await fetch(`${url}/api/v1/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const parsed = await response.json();
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed.data;
}

async function main() {
  const uploaders = option('uploaders', 'BENCH_UPLOADERS', 4);
  const seconds = option('seconds', 'BENCH_SECONDS', 10);
  const baselineSeconds = option('baseline-seconds', 'BENCH_BASELINE_SECONDS', 5);

  console.log('building the files…');
  const files = [
    { name: 'bomb.docx', bytes: makeDocxBomb(120), expect: 422 },
    { name: 'liar.docx', bytes: makeDocxBomb(30, { declaredSize: 1000 }), expect: 422 },
    { name: 'bomb.pdf', bytes: makePdfBomb(40), expect: 422 },
    { name: 'pages.pdf', bytes: makeManyPagesPdf(1001), expect: 422 },
    { name: 'heavy.docx', bytes: makeDocxBomb(4), expect: 200 },
    { name: 'heavy.pdf', bytes: makePdfBomb(4), expect: 200 },
  ];
  for (const file of files)
    console.log(`  ${file.name.padEnd(11)} ${(file.bytes.byteLength / 1024).toFixed(0).padStart(5)} KB`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url), '--serve'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /LISTENING (\S+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
    });
    const stamp = Date.now();
    const { token } = await post(url, 'users/create', {
      name: 'Bench Owner',
      email: `bench-${stamp}@example.com`,
      password: 'bench password 123',
    });
    const { business } = await post(
      url,
      'businesses/create',
      { name: 'Bench Plumbing', email: `shop-${stamp}@example.com`, country: 'GB', telephones: ['+442071234567'] },
      token,
    );
    // Warm the extraction worker and the probe's connection, outside both measurements.
    await probe(url, new Promise((resolve) => setTimeout(resolve, 500)));

    const baseline = summarise(await probe(url, new Promise((resolve) => setTimeout(resolve, baselineSeconds * 1000))));

    const phase = async (phaseFiles: typeof files, until: () => boolean) => {
      const results: { name: string; status: number; ms: number; expected: number }[] = [];
      const upload = async (file: (typeof files)[number]) => {
        const form = new FormData();
        form.set('file', new File([new Uint8Array(file.bytes)], file.name));
        const started = performance.now();
        const response = await fetch(`${url}/api/v1/businesses/memories/${business._id}/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        await response.arrayBuffer();
        results.push({
          name: file.name,
          status: response.status,
          ms: performance.now() - started,
          expected: file.expect,
        });
      };
      const uploading = Promise.all(
        Array.from({ length: uploaders }, async (_, uploader) => {
          // Each uploader starts at a different file, so every kind is in flight at once.
          for (let index = 0; ; index++) {
            await upload(phaseFiles[(index + uploader) % phaseFiles.length]);
            if (until() && index + 1 >= phaseFiles.length) break;
          }
        }),
      );
      const started = performance.now();
      const healthz = summarise(await probe(url, uploading));
      await uploading;
      return { healthz, results, seconds: (performance.now() - started) / 1000 };
    };
    const bombsUntil = Date.now() + seconds * 1000;
    const bombs = await phase(
      files.filter((file) => file.expect === 422),
      () => Date.now() >= bombsUntil,
    );
    const heavy = await phase(
      files.filter((file) => file.expect === 200),
      () => true,
    );

    const line = (label: string, value: Summary) =>
      `  ${label.padEnd(58)} ${String(value.count).padStart(5)} probes  p50 ${ms(value.p50)}  p99 ${ms(value.p99)}  max ${ms(value.max)}`;
    console.log(`\n/healthz probed every ~20 ms (${os.availableParallelism()} cores, ${uploaders} uploaders at once)`);
    console.log(line(`baseline, no uploads (${baselineSeconds} s)`, baseline));
    console.log(line(`during ${bombs.results.length} bomb uploads (${bombs.seconds.toFixed(1)} s)`, bombs.healthz));
    console.log(
      line(
        `during ${heavy.results.length} heavy uploads read in workers (${heavy.seconds.toFixed(1)} s)`,
        heavy.healthz,
      ),
    );
    console.log('\nuploads');
    const results = [...bombs.results, ...heavy.results];
    for (const file of files) {
      const mine = results.filter((result) => result.name === file.name);
      const timing = summarise(mine.map((result) => result.ms));
      const statuses = [...new Set(mine.map((result) => result.status))].join(',');
      console.log(
        `  ${file.name.padEnd(11)} ×${mine.length}  answered ${statuses} (expected ${file.expect})  p50 ${ms(timing.p50)}  max ${ms(timing.max)}`,
      );
    }
    const unexpected = results.filter((result) => result.status !== result.expected);
    console.log(
      `\nSUMMARY bench:uploads /healthz p99 ${ms(bombs.healthz.p99)} during bombs, ${ms(heavy.healthz.p99)} during heavy files (baseline ${ms(baseline.p99)}), budget ${P99_BUDGET_MS} ms; ${unexpected.length} unexpected answers`,
    );
    if (bombs.healthz.p99 >= P99_BUDGET_MS || heavy.healthz.p99 >= P99_BUDGET_MS || unexpected.length)
      process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
