import { createApiApp } from '#api/app';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { waitForBackground } from '#api/lib/background';
import { newId } from '#api/lib/crypto';
import { createDirectory } from '#api/services/directory';
import { createMailer } from '#api/services/mailer';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createSandboxTelephony } from '#api/services/telephony/sandbox';
import type { OwnerSetup } from './businesses/types';

/**
 * An evaluation business created the way its owner creates it: through the real v1 API
 * (sign-up, the business form, the settings page, the services and knowledge pages, the file
 * upload), so validation, extraction and indexing are exactly production's. Answers the
 * business's id.
 */
export async function seedThroughApi(db: Db, setup: OwnerSetup, now: Date): Promise<string> {
  const deps: ApiDeps = {
    db,
    env: { APP_ENV: 'test' },
    mailer: createMailer({ db, from: 'eval@localhost' }),
    telephony: createSandboxTelephony(db),
    directory: createDirectory(undefined),
    broadcaster: createRecordingBroadcaster(),
    clock: { now: () => now },
    publicUrl: 'http://eval.test',
    version: '0.0.0-eval',
  };
  const app = createApiApp(deps);
  let token = '';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON envelope, read by field
  const send = async (path: string, init: RequestInit): Promise<any> => {
    const response = await app.fetch(
      new Request(`http://eval.test/api/v1/${path}`, {
        method: 'POST',
        ...init,
        headers: {
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...init.headers,
        },
      }),
    );
    const body = JSON.parse(await response.text());
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const call = (path: string, body: unknown) =>
    send(path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  // A unique address: several evaluations may share one PostgreSQL database.
  const email = `owner.${newId().toLowerCase()}@eval.example.com`;
  token = (await call('users/create', { name: setup.owner.name, email, password: 'an evaluation owner password' }))
    .token;
  const businessId: string = (await call('businesses/create', setup.business)).business._id;
  await call(`businesses/settings/${businessId}/set`, setup.settings);
  for (const service of setup.services)
    await call(`businesses/services/${businessId}/create`, { ...service, status: 'active', frequency: 0 });
  for (const product of setup.products)
    await call(`businesses/memories/${businessId}/create`, { type: 'product', status: 'active', ...product });
  for (const text of setup.texts)
    await call(`businesses/memories/${businessId}/create`, { type: 'text', status: 'active', ...text });
  for (const { question, answer } of setup.answers) {
    await call(`businesses/memories/${businessId}/create`, {
      type: 'answered_question',
      status: 'active',
      title: question,
      content: question,
      answer,
    });
  }
  for (const file of setup.uploads) {
    const form = new FormData();
    form.set('file', new File([file.bytes() as BlobPart], file.name, { type: file.type }));
    // Reading a PDF has a 30 s limit; on a machine busy with other work it may run out: try again, as an owner would.
    let memory;
    for (let attempt = 1; ; attempt += 1) {
      try {
        ({ memory } = await send(`businesses/memories/${businessId}/upload`, { body: form }));
        break;
      } catch (error) {
        if (attempt >= 4 || !String(error).includes('took too long')) throw error;
      }
    }
    if (memory.status !== 'active') throw new Error(`${file.name} was not read: ${JSON.stringify(memory.meta)}`);
  }
  await call(`businesses/completed-test/${businessId}`, {});
  await waitForBackground(deps);
  return businessId;
}
