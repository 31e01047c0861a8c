import { describe, expect, it } from 'vitest';
import { API_RATE_LIMITED, createRateLimiter } from '#server/rate-limit';

function limiter(limit = 10, windowMs = 60_000) {
  const clock = { t: 1_000_000 };
  return { clock, limiter: createRateLimiter({ limit, windowMs, now: () => clock.t }) };
}

describe('createRateLimiter', () => {
  it('allows 10 hits in a window and refuses the 11th', async () => {
    const { limiter: rl } = limiter();
    for (let i = 1; i <= 10; i++) expect(await rl.hit('1.2.3.4:login'), `hit ${i}`).toBe(true);
    expect(await rl.hit('1.2.3.4:login')).toBe(false);
    expect(await rl.hit('1.2.3.4:login')).toBe(false);
  });

  it('allows again in a new window', async () => {
    const { clock, limiter: rl } = limiter();
    for (let i = 0; i < 11; i++) await rl.hit('ip:login');
    expect(await rl.hit('ip:login')).toBe(false);
    clock.t += 59_999;
    expect(await rl.hit('ip:login')).toBe(false);
    clock.t += 1;
    expect(await rl.hit('ip:login')).toBe(true);
    for (let i = 2; i <= 10; i++) expect(await rl.hit('ip:login')).toBe(true);
    expect(await rl.hit('ip:login')).toBe(false);
  });

  it('counts each key on its own', async () => {
    const { limiter: rl } = limiter();
    for (let i = 0; i < 11; i++) await rl.hit('a:login');
    expect(await rl.hit('a:login')).toBe(false);
    expect(await rl.hit('b:login')).toBe(true);
    expect(await rl.hit('a:register')).toBe(true);
  });

  it('forgets expired windows', async () => {
    const { clock, limiter: rl } = limiter(2, 1000);
    await rl.hit('k');
    await rl.hit('k');
    expect(await rl.hit('k')).toBe(false);
    clock.t += 5000;
    expect(await rl.hit('other')).toBe(true); // sweeps the old window
    expect(await rl.hit('k')).toBe(true);
  });

  it('covers the auth calls: login, register, forgot and reset password, mobile verify, the business lookup and the email change code', () => {
    expect(Object.keys(API_RATE_LIMITED)).toEqual(
      expect.arrayContaining([
        '/api/v1/users/login',
        '/api/v1/users/create',
        '/api/v1/users/forgot-password',
        '/api/v1/users/verify-password-code',
        '/api/v1/users/mobile-submit',
        '/api/v1/users/mobile-verify',
        '/api/v1/helpers/business-lookup',
        '/api/v1/users/email-change-verify',
      ]),
    );
  });
});
