import { describe, expect, it } from 'vitest';
import { commitSession, getSession } from '#app/lib/session.server';
import { redirectWithToasts, takeToasts, toastCookie } from '#app/lib/toast.server';

const pairOf = (setCookie: string) => setCookie.split(';')[0];

describe('toasts', () => {
  it('are queued in their own cookie by a redirect, which leaves the session cookie alone', async () => {
    const response = await redirectWithToasts(new Request('http://localhost/x', { method: 'POST' }), '/next', [
      { type: 'success', message: 'Saved.' },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/next');
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^__toast=/);
    expect(cookies[0].toLowerCase()).toContain('httponly');
    expect(cookies[0].toLowerCase()).toContain('samesite=lax');
  });

  it('set no cookie at all when there is nothing to show', async () => {
    const response = await redirectWithToasts(new Request('http://localhost/x'), '/next', []);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('carry a session cookie the route changed beside the toast cookie', async () => {
    const session = await getSession(new Request('http://localhost/x'));
    session.set('businessId', 'b1');
    const response = await redirectWithToasts(
      new Request('http://localhost/x'),
      '/next',
      [{ type: 'info', message: 'Hi.' }],
      {
        headers: { 'Set-Cookie': await commitSession(session) },
      },
    );
    const names = response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(names).toEqual(['__session', '__toast']);
  });

  it('are read once on the next page, after any still queued, and the cookie is then cleared', async () => {
    const first = await toastCookie(new Request('http://localhost/a'), [{ type: 'success', message: 'One.' }]);
    const second = await toastCookie(new Request('http://localhost/a', { headers: { Cookie: pairOf(first) } }), [
      { type: 'error', message: 'Two.' },
    ]);
    const taken = await takeToasts(new Request('http://localhost/next', { headers: { Cookie: pairOf(second) } }));
    expect(taken.toasts).toEqual([
      { type: 'success', message: 'One.' },
      { type: 'error', message: 'Two.' },
    ]);
    expect(taken.setCookie).toMatch(/^__toast=;.*Expires=Thu, 01 Jan 1970/);
    expect(await takeToasts(new Request('http://localhost/next'))).toEqual({ toasts: [], setCookie: null });
  });

  it('ignore a cookie whose signature does not match', async () => {
    const forged = `__toast=${Buffer.from(JSON.stringify({ __flash_toasts__: [{ type: 'success', message: 'Forged.' }] })).toString('base64')}.bad`;
    expect((await takeToasts(new Request('http://localhost/next', { headers: { Cookie: forged } }))).toasts).toEqual(
      [],
    );
  });
});
