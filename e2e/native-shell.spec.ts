import { expect, test, type Page } from '@playwright/test';
import { messages } from '../contract/messages';
import { APP, DEVICE, installCapacitorBridge, ONESIGNAL_ID, type NativeCall } from './support/capacitor-bridge';
import { api, createAccount, signIn } from './support/helpers';

/**
 * The native shell, simulated: the page runs with a stand-in for the Capacitor bridge
 * (support/capacitor-bridge.ts) while the app's real code, Capacitor's packages and the
 * OneSignal SDK run unchanged. The shell is JavaScript by nature: no @nojs variant.
 */
type Device = {
  current: boolean;
  mode: string | null;
  device_name: string | null;
  device_model: string | null;
  device_platform: string | null;
  device_os_version: string | null;
  app_version: string | null;
  app_build: string | null;
};

const oneSignal = (calls: NativeCall[], action: string) =>
  calls.filter((call) => call.plugin === 'OneSignalPush' && call.method === action);
const fire = (page: Page, plugin: string, eventName: string, data: unknown) =>
  page.evaluate(
    ([p, e, d]) =>
      (window as unknown as { __fireNativeEvent: (p: unknown, e: unknown, d: unknown) => void }).__fireNativeEvent(
        p,
        e,
        d,
      ),
    [plugin, eventName, data] as const,
  );

test.describe('inside the native shell', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'the native shell runs JavaScript');

  test('sends the device headers with every call and lists the device in account settings', async ({
    browser,
    request,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const calls = await installCapacitorBridge(context);
    const page = await context.newPage();
    const account = await createAccount(request, { business: 'finished' });
    await signIn(page, account);
    await expect
      .poll(() => context.cookies().then((cookies) => cookies.some((cookie) => cookie.name === 'app_device')))
      .toBe(true);
    expect(calls.some((call) => call.plugin === 'Device' && call.method === 'getInfo')).toBe(true);

    // The v1 API recorded the shell's details with this session's token.
    await page.goto('/dashboard/home');
    const { devices } = await api<{ devices: Device[] }>(request, 'users/devices', undefined, account.token);
    const shell = devices.find((device) => device.mode === 'capacitor');
    expect(shell).toMatchObject({
      device_name: DEVICE.name,
      device_model: DEVICE.model,
      device_platform: 'android',
      device_os_version: DEVICE.osVersion,
      app_version: APP.version,
      app_build: APP.build,
    });

    await page.goto('/dashboard/account-settings');
    const list = page.getByTestId('signed-in-devices');
    const mine = list.getByTestId('signed-in-device').filter({ hasText: 'This device' });
    await expect(mine).toContainText(DEVICE.name);
    await expect(mine).toContainText('Android 15');
    await expect(mine).toContainText(`app ${APP.version} (${APP.build})`);
    // The token the fixture signed in with through the API is another device: sign it out (after confirming).
    const other = list.getByTestId('signed-in-device').filter({ hasNotText: 'This device' }).first();
    await other.getByRole('link', { name: /Sign out/ }).click();
    // Clicked before hydration the link goes to the server's confirmation (an alertdialog in
    // place); after it, the same confirmation opens as a dialog.
    const confirmation = page
      .getByRole('dialog', { name: 'Sign out device' })
      .or(page.getByRole('alertdialog', { name: 'Sign out device' }));
    await confirmation.getByRole('button', { name: 'Sign out device' }).click();
    await expect(page.getByText('The device has been signed out.')).toBeVisible();
    const refused = await request.post('/api/v1/users/get', { headers: { authorization: `Bearer ${account.token}` } });
    expect(refused.status()).toBe(401);
    await context.close();
  });

  test('registers for push after login, once, saves the OneSignal id, and logs out of OneSignal on logout', async ({
    browser,
    request,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const calls = await installCapacitorBridge(context);
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    const account = await createAccount(request, { business: 'finished' });
    const { user } = await api<{ user: { id: string; email: string; mobile: string } }>(
      request,
      'users/get',
      undefined,
      account.token,
    );
    await signIn(page, account);

    await expect.poll(() => oneSignal(calls, 'login').map((call) => call.args)).toEqual([[user.id]]);
    expect(oneSignal(calls, 'init')).toEqual([
      { plugin: 'OneSignalPush', method: 'init', args: ['e2e-onesignal-app'] },
    ]);
    expect(oneSignal(calls, 'addEmail').map((call) => call.args)).toEqual([[user.email]]);
    expect(oneSignal(calls, 'addSms').map((call) => call.args)).toEqual([[user.mobile]]);
    expect(oneSignal(calls, 'addTags').map((call) => call.args)).toEqual([[{ env: 'live' }]]);
    // The same telltales the plain-browser test looks for do load here.
    const loaded = (await Promise.all(scripts)).join('\n');
    expect(loaded).toContain('OneSignalPush');
    expect(loaded).toContain('plugin is not implemented on');
    await expect
      .poll(
        async () =>
          (await api<{ user: { onesignal_user_id: string | null } }>(request, 'users/get', undefined, account.token))
            .user.onesignal_user_id,
      )
      .toBe(ONESIGNAL_ID);

    // Moving around the app (client-side navigation, as in the shell) does not initialise or register again.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/dashboard/notes"]')?.click());
    await page.waitForURL('**/dashboard/notes');
    await expect(page.getByRole('heading', { name: 'Notes & tasks' })).toBeVisible();
    expect(oneSignal(calls, 'init')).toHaveLength(1);
    expect(oneSignal(calls, 'login')).toHaveLength(1);

    // Tapping a notification opens its internal link.
    await fire(page, 'OneSignalPush', 'click', {
      notification: { notificationId: 'n-1', additionalData: { internal_link: '/dashboard/account-settings' } },
    });
    await page.waitForURL('**/dashboard/account-settings');

    await page.evaluate(() => document.querySelector<HTMLFormElement>('form[action="/logout"]')?.requestSubmit());
    await page.waitForURL('**/login**');
    await expect.poll(() => oneSignal(calls, 'logout').length).toBe(1);
    await context.close();
  });

  test('the back button goes back, external links open outside, pulling down reloads the data', async ({
    browser,
    request,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, hasTouch: true });
    const calls = await installCapacitorBridge(context);
    const page = await context.newPage();
    const account = await createAccount(request, { business: 'finished' });
    await signIn(page, account);
    await page.goto('/dashboard/home');
    await expect.poll(() => calls.some((call) => call.plugin === 'App' && call.method === 'addListener')).toBe(true);
    const listening = () => calls.filter((call) => call.plugin === 'App' && call.method === 'addListener').length;
    const before = page.url();
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>('a[href="/dashboard/account-settings"]')?.click(),
    );
    await page.waitForURL('**/dashboard/account-settings');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    expect(listening()).toBeGreaterThan(0);
    await fire(page, 'App', 'backButton', { canGoBack: true });
    await page.waitForURL((url) => url.href === before);

    // An external link opens in the system browser; the app stays where it is.
    const here = page.url();
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = 'https://example.org/help';
      link.textContent = 'Outside help';
      document.querySelector('main')?.append(link);
    });
    await page.getByRole('link', { name: 'Outside help' }).click();
    await expect
      .poll(() =>
        calls.filter((call) => call.plugin === 'AppLauncher' && call.method === 'openUrl').map((call) => call.args),
      )
      .toEqual([{ url: 'https://example.org/help' }]);
    expect(page.url()).toBe(here);

    // Pull down from the top: the page's data is fetched again.
    const reloaded = page.waitForRequest((req) => req.method() === 'GET' && /(_data=|\.data)/.test(req.url()));
    // The shell's native parts are a chunk of their own: a pull made before it has listened is
    // lost, as a person's would be, so the gesture is repeated until the page answers it.
    await expect(async () => {
      await page.evaluate(() => {
        const touch = (y: number) => new Touch({ identifier: 1, target: document.body, clientX: 100, clientY: y });
        window.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(10)] }));
        window.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(120)] }));
      });
      await expect(page.getByTestId('pull-to-refresh')).toContainText('Release to refresh', { timeout: 1_000 });
    }).toPass();
    await page.evaluate(() => window.dispatchEvent(new TouchEvent('touchend', { touches: [] })));
    await reloaded;
    await context.close();
  });
});

test('in a plain browser nothing native or push-related loads', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, 'what JavaScript loads');
  // Every script the browser fetched, by what it contains: Capacitor's core and the OneSignal SDK have telltale names.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  await expect(page.getByTestId('signed-in-device')).toHaveCount(2);
  await expect(page.getByTestId('signed-in-device').filter({ hasText: 'This device' })).toContainText('Web browser');
  const loaded = (await Promise.all(scripts)).join('\n');
  expect(loaded).toContain('app_device');
  expect(loaded).not.toContain('OneSignalPush');
  expect(loaded).not.toContain('plugin is not implemented on');
  expect(await page.evaluate(() => 'plugins' in window || 'cordova' in window)).toBe(false);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'app_device')).toBe(false);
  await expect(page.getByTestId('pull-to-refresh')).toHaveCount(0);
  // Registering for push is the shell's alone: a plain browser posting the form is refused, and nothing is saved.
  const refused = await page.request.post('/dashboard/push-registration', {
    form: { onesignal_user_id: 'os-from-a-browser' },
  });
  expect(refused.status(), await refused.text()).toBe(403);
  expect(await refused.json()).toMatchObject({ ok: false, errors: [messages.push.nativeOnly] });
  const { user } = await api<{ user: { onesignal_user_id: string | null } }>(
    request,
    'users/get',
    undefined,
    account.token,
  );
  expect(user.onesignal_user_id).toBeNull();
});
