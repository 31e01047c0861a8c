import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in DATA_DIR, so
 * `npm start` works on a fresh machine and sessions survive restarts.
 */
export function ensureSessionSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
