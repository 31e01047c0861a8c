/**
 * `npm run bench`: every benchmark in sequence (pages, search, assistant, reports, realtime,
 * bundle, then the load test), each printing its full output as it runs, then one summary
 * line per benchmark. Arguments after `--` go to bench:load (`npm run bench -- --sessions 50`).
 * BENCH_ONLY=pages,load runs only those. Exits non-zero when any benchmark failed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Bench = { name: string; script: string; args?: string[]; summary: (lines: string[]) => string };

const last = (lines: string[], pattern: RegExp) =>
  [...lines]
    .reverse()
    .find((line) => pattern.test(line))
    ?.trim();
const joined = (lines: string[], pattern: RegExp) =>
  lines
    .filter((line) => pattern.test(line))
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .join('; ');

const BENCHES: Bench[] = [
  { name: 'bench:pages', script: 'bench-pages.ts', summary: (lines) => last(lines, /^ratios \(p50\)/) ?? '' },
  { name: 'bench:search', script: 'bench-search.ts', summary: (lines) => joined(lines, /^10000 /).slice(0, 400) },
  { name: 'bench:assistant', script: 'bench-assistant.ts', summary: (lines) => last(lines, /\|/) ?? '' },
  { name: 'bench:reports', script: 'bench-reports.ts', summary: (lines) => last(lines, /^90 days/) ?? '' },
  { name: 'bench:realtime', script: 'bench-realtime.ts', summary: (lines) => joined(lines, /^\s+p50 .*p99|^ratio/) },
  {
    name: 'bench:bundle',
    script: 'bench-bundle.ts',
    summary: (lines) => last(lines, /^shared by every dashboard page/) ?? '',
  },
  {
    name: 'bench:load',
    script: 'bench-load.ts',
    args: process.argv.slice(2),
    summary: (lines) => last(lines, /^SUMMARY /)?.replace(/^SUMMARY bench:load /, '') ?? '',
  },
];

function run(bench: Bench): Promise<{ code: number; lines: string[]; seconds: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', bench.script), ...(bench.args ?? [])],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ code: code ?? 1, lines: output.split('\n'), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => `bench:${name.trim().replace(/^bench:/, '')}`);
const results: { name: string; code: number; seconds: number; summary: string }[] = [];
for (const bench of BENCHES.filter((candidate) => !only || only.includes(candidate.name))) {
  console.log(`\n===== ${bench.name} =====`);
  const { code, lines, seconds } = await run(bench);
  results.push({
    name: bench.name,
    code,
    seconds,
    summary: bench.summary(lines) || (lines.filter((line) => line.trim()).pop() ?? '').trim(),
  });
}

console.log('\n===== summary =====');
for (const result of results) {
  console.log(
    `${result.code === 0 ? 'ok  ' : 'FAIL'} ${result.name.padEnd(16)} ${result.seconds.toFixed(0).padStart(4)} s  ${result.summary}`,
  );
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
