import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serveScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve-api.ts');
const children: ChildProcess[] = [];

export type ChildServer = { child: ChildProcess; url: string };

/**
 * Start the real server (serve-api.ts) as a child process with these settings on top of
 * quiet test defaults; resolves once it listens, rejects with its exit code and stderr when
 * it exits first.
 */
export function serveChild(env: Record<string, string>, options: { web?: boolean } = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript, ...(options.web ? ['--web'] : [])], {
    env: {
      ...process.env,
      APP_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SESSION_SECRET: 'durability-test',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s: ${stderr}`)), 60_000);
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const url = /LISTENING (\S+)/.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        Object.assign(new Error(`the server exited (${code ?? signal}) before listening:\n${stderr}`), {
          code,
          stderr,
        }),
      );
    });
  });
}

export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** SIGKILL every child still running (after a failed test). */
export function killChildren(): void {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
