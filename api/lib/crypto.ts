import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newId = (): string => crypto.randomUUID();

/** A bearer token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A 6-digit one-time code, uniformly random. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are hashed with their row id so equal codes never share a hash. */
export const hashCode = (rowId: string, code: string): string => sha256(`${rowId}:${code}`);

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
