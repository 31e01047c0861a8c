import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#contract/env';

describe('parseEnv', () => {
  it('gives every embedded default on an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      APP_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      RATE_LIMIT_AUTH_PER_MINUTE: 10,
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.API_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DIRECTORY_URL).toBeUndefined();
  });

  it('reads values, and treats empty strings as unset', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@localhost/db',
      API_URL: '',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u@localhost/db');
    expect(env.API_URL).toBeUndefined();
    expect(env.RATE_LIMIT_AUTH_PER_MINUTE).toBe(1000);
  });

  it('stops with a readable message naming the setting and its value for a bad PORT', () => {
    let caught: unknown;
    try {
      parseEnv({ PORT: 'abc' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as Error).message;
    expect(message).toMatch(/^Invalid settings:/);
    expect(message).toContain('PORT="abc"');
    expect(message).toContain('must be a port number');
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('refuses a PORT out of range', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT="70000"/);
    expect(() => parseEnv({ PORT: '-1' })).toThrow(EnvError);
  });

  it('lists every bad setting at once', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', API_URL: 'not a url' });
      expect.unreachable('parseEnv should have thrown');
    } catch (error) {
      expect((error as EnvError).problems).toHaveLength(3);
      expect((error as Error).message).toContain(
        'DATABASE_URL="mysql://x": must start with postgres:// or postgresql://',
      );
      expect((error as Error).message).toContain('API_URL="not a url"');
    }
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ APP_ENV: 'production', SESSION_SECRET: 's3cret-s3cret' }).APP_ENV).toBe('production');
  });
});
