import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanedFiles } from '#api/services/file-sweep';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { TINY_PNG, upload } from '#tests/support/memories';
import { call } from '#tests/support/timeline-fixtures';

/**
 * A crash between storing a file and writing its row (or in the middle of the atomic write)
 * leaves a file nobody refers to, or a temporary one. The start-up sweep removes those and
 * never a file a row refers to: memories' files (deleted ones too, for the restore), call
 * recordings, and anything under a prefix it does not know.
 */
let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-sweep-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const write = (key: string, data: string | Uint8Array = 'x') => {
  const file = path.join(filesDir, ...key.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
};
const exists = (key: string) => fs.existsSync(path.join(filesDir, ...key.split('/')));

describe('the files sweep', () => {
  it('removes temporary and unreferenced files, keeps every referenced file and recording', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const kept = (await upload(h, b, owner.token, { bytes: TINY_PNG, name: 'van.png', type: 'image/png' })).body.data
      .memory;
    const deleted = (await upload(h, b, owner.token, { bytes: TINY_PNG, name: 'old.png', type: 'image/png' })).body.data
      .memory;
    await h.call(`businesses/memories/${b}/delete/${deleted._id}`, undefined, owner.token);
    const recorded = await call(h, b, { details: { recording: true } });
    write(`recordings/${recorded._id}.wav`, 'RIFF');
    const keys = fs.readdirSync(path.join(filesDir, 'memories', b)).filter((name) => !name.endsWith('.type'));
    expect(keys).toHaveLength(2);

    // What a crash leaves: a half-written temporary file, a file whose row was never written
    // (with its type sidecar), a recording of no call, a sidecar alone; and a key nobody knows.
    write(`memories/${b}/${keys[0]}.1234.abcdef.tmp`);
    write(`memories/${b}/orphan`);
    write(`memories/${b}/orphan.type`, 'image/png');
    write('recordings/no-such-call.wav', 'RIFF');
    write(`voice/${b}/lost`);
    write(`memories/${b}/gone.type`, 'image/png');
    write('elsewhere/keep.bin');

    const { removed } = await sweepOrphanedFiles(h.database.db, filesDir);
    expect(removed.sort()).toEqual(
      [
        `memories/${b}/${keys[0]}.1234.abcdef.tmp`,
        `memories/${b}/orphan`,
        `memories/${b}/orphan.type`,
        'recordings/no-such-call.wav',
        `voice/${b}/lost`,
        `memories/${b}/gone.type`,
      ].sort(),
    );
    for (const key of keys) expect(exists(`memories/${b}/${key}`)).toBe(true);
    expect(exists(`recordings/${recorded._id}.wav`)).toBe(true);
    expect(exists('elsewhere/keep.bin')).toBe(true);

    // The kept files still open, the deleted memory's after its restore.
    const got = await h.call(`businesses/memories/${b}/get/${kept._id}`, undefined, owner.token);
    expect((await h.app.fetch(new Request(`http://api.test${got.body.data.memory.file.url}`))).status).toBe(200);
    const restored = await h.call(`businesses/memories/${b}/restore/${deleted._id}`, undefined, owner.token);
    expect((await h.app.fetch(new Request(`http://api.test${restored.body.data.memory.file.url}`))).status).toBe(200);
  });
});
