/** Telephony systems for the e2e tests: set up through the API, their setup steps and numbers on the page. */
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect } from './fixtures';
import { api, type Account } from './helpers';

export type System = { _id: string; phone_number: string | null; status: string };

export const step = (page: Page, key: string) => page.locator(`[data-testid="setup-step"][data-step="${key}"]`);

/** A sandbox telephony system with a London number, set up through the API. */
export async function telephonySystem(
  request: APIRequestContext,
  account: Account,
  businessId: string,
  areaCode = '20',
): Promise<System> {
  const base = `businesses/systems/${businessId}`;
  const { system } = await api<{ system: System }>(request, `${base}/create`, { name: 'telephony' }, account.token);
  const { available_numbers } = await api<{ available_numbers: { phone_number: string }[] }>(
    request,
    `${base}/settings/${system._id}/list-available-numbers`,
    { country: 'GB', area_code: areaCode },
    account.token,
  );
  // Parallel tests share the sandbox's number range: take any number still free.
  for (const candidate of available_numbers) {
    try {
      const done = await api<{ system: System }>(
        request,
        `${base}/setup/${system._id}/submit`,
        { step: 'number', values: { phone_number: candidate.phone_number } },
        account.token,
      );
      return done.system;
    } catch {
      continue;
    }
  }
  throw new Error('no sandbox number left');
}

/** A caller number from the fictional range, different for every test. */
export const caller = () => `+4411749600${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/**
 * Choose one of the numbers the search found, at random: tests running side by side share
 * the sandbox's London range (the API fixture takes numbers from its start).
 */
export async function chooseNumber(number: Locator): Promise<string> {
  // Shown as the business's country reads them: national for its own numbers ("020 7946 …").
  const buttons = number.getByRole('button', { name: /^Choose [+0-9]/ });
  await expect(buttons.first()).toBeVisible();
  const count = await buttons.count();
  const choose = buttons.nth(1 + Math.floor(Math.random() * (count - 1)));
  const chosen = ((await choose.getAttribute('aria-label')) ?? '').replace('Choose ', '');
  await choose.click();
  return chosen;
}

export type Simulation = {
  /** The simulator's choice; left as the page chose it when not given. */
  kind?: 'Incoming call' | 'Missed call' | 'Incoming SMS';
  from: string;
  /** What the caller says or texts, a line a turn. */
  says?: string;
  /** A WAV recording the caller says instead of typed words. */
  recording?: Uint8Array;
};

/** Play a call or text through the system page's simulator, as an owner does, and press Simulate. */
export async function simulate(page: Page, systemId: string, { kind, from, says, recording }: Simulation) {
  await page.goto(`/dashboard/systems/${systemId}`);
  const simulator = page.locator('#simulator');
  if (kind) await simulator.getByLabel(`${kind} from…`).check();
  await simulator.getByLabel('From', { exact: true }).fill(from);
  if (says !== undefined) await simulator.getByLabel('The caller says').fill(says);
  if (recording) {
    await simulator
      .getByLabel('Or say it (a WAV recording)')
      .setInputFiles({ name: 'caller.wav', mimeType: 'audio/wav', buffer: Buffer.from(recording) });
  }
  await simulator.getByRole('button', { name: 'Simulate' }).click();
}
