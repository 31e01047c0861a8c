import { isIP } from 'node:net';
import compression from 'compression';
import type { Request, RequestHandler } from 'express';

/**
 * Answers are compressed for every client except one on this machine that cannot be a
 * proxy: its peer address is loopback and TRUST_PROXY does not trust loopback (so the
 * operator has said no proxy runs on this machine). For such a client, gzip only spends
 * CPU on both sides (16 of 76 ms of a 184 kB customers/list over loopback) and saves no
 * network. A same-machine proxy is trusted (TRUST_PROXY's default), so what it forwards
 * to clients elsewhere stays compressed. docs/decisions/056-no-compression-for-a-local-client.md
 */
export function compressAnswers(): RequestHandler {
  return compression({ filter: (req, res) => !isLocalClient(req) && compression.filter(req, res) });
}

/** The peer is this machine and express's "trust proxy" (TRUST_PROXY) does not trust it as a proxy. */
export function isLocalClient(req: Request): boolean {
  const peer = req.socket.remoteAddress;
  if (!peer || !isLoopback(peer)) return false;
  const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return !trusted(peer, 0);
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (a dual-stack socket's view of an IPv4 loopback peer). */
export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}
