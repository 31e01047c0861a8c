import { expect } from 'vitest';
import type { CallResult } from './api-harness';

/** A 422 whose envelope names `message` for `field` (and lists it in `errors`). */
export function expectFieldError(result: CallResult, field: string, message: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(422);
  expect(result.body.field_errors?.[field], `field_errors.${field} in ${JSON.stringify(result.body)}`).toContain(
    message,
  );
  expect(result.body.errors).toContain(message);
}

/** Like expectFieldError, but for messages the spec only fixes the start of (E.164 adds an example). */
export function expectFieldErrorStartingWith(result: CallResult, field: string, prefix: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(422);
  const messages = result.body.field_errors?.[field] ?? [];
  expect(
    messages.some((message) => message.startsWith(prefix)),
    `field_errors.${field} in ${JSON.stringify(result.body)}`,
  ).toBe(true);
}

/** The v1 failure envelope: { errors: string[], field_errors?: {...} } and nothing else. */
export function expectFailureEnvelope(result: CallResult, status: number): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(Array.isArray(result.body.errors)).toBe(true);
  expect(result.body.errors!.length).toBeGreaterThan(0);
  expect(result.body).not.toHaveProperty('data');
  for (const key of Object.keys(result.body)) expect(['errors', 'field_errors']).toContain(key);
}

export const E164_MESSAGE = 'Phone numbers must be in international format, E.164 format';

/** A random UK mobile in E.164 form: parallel files may share one PostgreSQL outbox. */
export function randomMobile(): string {
  return `+447${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A 6-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
