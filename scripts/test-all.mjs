#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint and build side by side (none needs another's output, and
 * tsc and eslint are single-threaded, so on two cores they overlap the build well), then
 * vitest, then Playwright (which needs the build). Exits non-zero when any step fails; a
 * failed first stage stops the run, as `a && b && c` did. Each step's output is printed
 * in one piece when it ends, so parallel steps do not interleave their lines.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      if (buffered) process.stdout.write(`\n── npm run ${script} ──\n${Buffer.concat(chunks).toString()}`);
      console.log(`── npm run ${script}: ${status} in ${seconds} s ──`);
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all(['typecheck', 'lint', 'build'].map((script) => run(script, { buffered: true })));
if (checks.includes(false)) process.exit(1);
for (const script of ['test:unit', 'test:e2e']) {
  if (!(await run(script, { buffered: false }))) process.exit(1);
}
