import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createExtractionPool, EXTRACTION_MESSAGES, type ExtractionPool } from '#api/services/extract';
import { makeDocx, makeDocxBomb } from '#tests/support/upload-bombs';

/**
 * Uploaded files are read in worker threads (api/services/extract/pool.ts). The worker must
 * start wherever the API runs: under tsx (`npm start`, `npm run dev`), under vitest, and from
 * plain node (its entry is JavaScript that registers tsx itself). A job past its time or
 * memory limit ends its worker and is refused with the member's message; the pool goes on.
 */
const run = promisify(execFile);
const root = process.cwd();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-worker-'));
const pools: ExtractionPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  fs.rmSync(scratch, { recursive: true, force: true });
});
const pool = (options: Parameters<typeof createExtractionPool>[0]) => {
  const created = createExtractionPool(options);
  pools.push(created);
  return created;
};

describe('the extraction worker', () => {
  it('starts from plain node (no loader in the parent) and reads a file', async () => {
    const script = `
      import { Worker } from 'node:worker_threads';
      const worker = new Worker(new URL('api/services/extract/worker-entry.mjs', ${JSON.stringify(`file://${root}/`)}), { execArgv: [] });
      worker.on('message', (reply) => { if (reply === 'ready') return; console.log(JSON.stringify(reply)); process.exit(0); });
      worker.on('error', (error) => { console.error(error); process.exit(1); });
      worker.postMessage({ id: 7, bytes: new TextEncoder().encode('Open  at nine.\\n\\n\\n\\nClosed on Sundays.'), mimeType: 'text/plain', fileName: 'hours.txt', maxChars: 1000 });
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      timeout: 60_000,
    });
    expect(JSON.parse(stdout)).toEqual({ id: 7, ok: true, text: 'Open at nine.\n\nClosed on Sundays.' });
  }, 90_000);

  it('runs through the pool under tsx, as `npm start` runs the server', async () => {
    const docx = path.join(scratch, 'hours.docx');
    fs.writeFileSync(docx, makeDocx(['Opening hours', 'Nine to five.']));
    const script = path.join(scratch, 'extract.mts');
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
       const { extractText } = await import(${JSON.stringify(path.join(root, 'api/services/extract/index.ts'))});
       console.log(JSON.stringify(await extractText(new Uint8Array(fs.readFileSync(${JSON.stringify(docx)})), '', 'hours.docx')));
       process.exit(0);`,
    );
    const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), [script], { cwd: root, timeout: 60_000 });
    expect(JSON.parse(stdout)).toEqual({ text: 'Opening hours\n\nNine to five.' });
  }, 90_000);

  it('ends a job past its time limit with a refusal, and the next job gets a new worker', async () => {
    const slow = pool({ timeoutMs: 300 });
    await expect(slow.extract(makeDocxBomb(6), '', 'slow.docx')).rejects.toThrow(EXTRACTION_MESSAGES.tooSlow);
    const quick = pool({ timeoutMs: 30_000 });
    expect(await quick.extract(new TextEncoder().encode('Still here.'), 'text/plain', 'a.txt')).toEqual({
      text: 'Still here.',
    });
  }, 60_000);

  it('ends a job that needs more memory than the worker may have with a refusal', async () => {
    const small = pool({ memoryMb: 48, timeoutMs: 60_000 });
    await expect(small.extract(makeDocxBomb(12), '', 'big.docx')).rejects.toThrow(EXTRACTION_MESSAGES.tooMuchMemory);
  }, 90_000);
});
