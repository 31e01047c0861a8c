import { describe, expect, it } from 'vitest';
import { API_RATE_LIMITED, createRateLimiter } from '#server/rate-limit';

function limiter(limit = 10, windowMs = 60_000) {
  const clock = { t: 1_000_000 };
  return { clock, limiter: createRateLimiter({ limit, windowMs, now: () => clock.t }) };
}

describe('createRateLimiter', () => {
  it('allows 10 hits in a window and refuses the 11th', () => {
    const { limiter: rl } = limiter();
    for (let i = 1; i <= 10; i++) expect(rl.hit('1.2.3.4:login'), `hit ${i}`).toBe(true);
    expect(rl.hit('1.2.3.4:login')).toBe(false);
    expect(rl.hit('1.2.3.4:login')).toBe(false);
  });

  it('allows again in a new window', () => {
    const { clock, limiter: rl } = limiter();
    for (let i = 0; i < 11; i++) rl.hit('ip:login');
    expect(rl.hit('ip:login')).toBe(false);
    clock.t += 59_999;
    expect(rl.hit('ip:login')).toBe(false);
    clock.t += 1;
    expect(rl.hit('ip:login')).toBe(true);
    for (let i = 2; i <= 10; i++) expect(rl.hit('ip:login')).toBe(true);
    expect(rl.hit('ip:login')).toBe(false);
  });

  it('counts each key on its own', () => {
    const { limiter: rl } = limiter();
    for (let i = 0; i < 11; i++) rl.hit('a:login');
    expect(rl.hit('a:login')).toBe(false);
    expect(rl.hit('b:login')).toBe(true);
    expect(rl.hit('a:register')).toBe(true);
  });

  it('forgets expired windows and can be reset', () => {
    const { clock, limiter: rl } = limiter(2, 1000);
    rl.hit('k');
    rl.hit('k');
    expect(rl.hit('k')).toBe(false);
    rl.reset();
    expect(rl.hit('k')).toBe(true);
    clock.t += 5000;
    expect(rl.hit('other')).toBe(true); // sweeps the old window
    expect(rl.hit('k')).toBe(true);
  });

  it('covers the auth calls: login, register, forgot and reset password, mobile verify', () => {
    expect(Object.keys(API_RATE_LIMITED)).toEqual(
      expect.arrayContaining([
        '/api/v1/users/login',
        '/api/v1/users/create',
        '/api/v1/users/forgot-password',
        '/api/v1/users/verify-password-code',
        '/api/v1/users/mobile-verify',
      ]),
    );
  });
});
