import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';

/**
 * The load benchmark's server process (bench-load.ts): a free port, waiting for it to answer
 * and to exit, its resident memory, and the throwaway PostgreSQL database it runs on.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A process's resident memory in MB (Linux /proc), or NaN elsewhere. */
export function residentMb(pid: number | undefined): number {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Math.round(Number(line?.split(/\s+/)[1]) / 1024);
  } catch {
    return NaN;
  }
}

/** A process's CPU time (user + system) in seconds so far (Linux /proc), or NaN elsewhere. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

export async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer /healthz within 60 s');
}

/** A fresh database for the run, next to the admin URL's (which is left alone). */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `ba_bench_load_${Date.now()}_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
  await client.end();
}

/** The server stops on SIGTERM (and writes its --cpu-prof profile) before its database goes. */
export async function waitForExit(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  await Promise.race([
    new Promise((resolve) => child.once('exit', resolve)),
    new Promise((resolve) => setTimeout(resolve, 15_000)),
  ]);
}
