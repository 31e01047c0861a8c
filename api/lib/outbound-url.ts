import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch, type Dispatcher } from 'undici';
import { addressRefusal, type AddressPolicy } from '#contract/web-address';

/**
 * The guard for every request the server makes to an address a user chose (the website
 * data loader today). Each connection resolves its host once, refuses it when any address
 * is not public (contract/web-address.ts says which), and connects to the address it
 * checked: a DNS answer that changes between the check and the connection (rebinding)
 * cannot redirect the request. Redirects are followed here, hop by hop, each through the
 * same check. See docs/decisions/022-outbound-address-guard.md.
 */
export type OutboundPolicy = AddressPolicy & {
  /** Host name resolution (default: the system resolver); tests give names their own answers. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
};

/** The request was refused before any connection: the message is for the server log only. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

const systemResolve = async (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The one address a connection to hostname:port may use, or OutboundRefused. */
export async function checkedAddress(
  hostname: string,
  port: number,
  policy: OutboundPolicy = {},
): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) {
    const refusal = addressRefusal(bare, policy, port);
    if (refusal) throw new OutboundRefused(`${bare} is ${refusal}`);
    return { address: bare, family: net.isIP(bare) };
  }
  const answers = await (policy.resolve ?? systemResolve)(bare);
  if (answers.length === 0) throw new OutboundRefused(`${bare} has no address`);
  // One non-public answer refuses the name: a client could otherwise be steered to it.
  for (const answer of answers) {
    const refusal = addressRefusal(answer.address, policy, port);
    if (refusal) throw new OutboundRefused(`${bare} resolves to ${answer.address} (${refusal})`);
  }
  return answers[0];
}

const dispatchers = new WeakMap<OutboundPolicy, Dispatcher>();
const STRICT: OutboundPolicy = {};

/**
 * An undici dispatcher whose every new connection goes through checkedAddress. The TLS
 * server name stays the host name, so certificates are still checked against it.
 */
export function outboundDispatcher(policy: OutboundPolicy = STRICT): Dispatcher {
  let dispatcher = dispatchers.get(policy);
  if (dispatcher) return dispatcher;
  const connectTo = buildConnector({ timeout: 10_000 });
  const connect: buildConnector.connector = (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    checkedAddress(options.hostname, port, policy).then(
      ({ address }) =>
        connectTo(
          {
            ...options,
            hostname: address,
            servername: options.servername || (net.isIP(options.hostname) ? undefined : options.hostname),
          },
          callback,
        ),
      (error: Error) => callback(error, null),
    );
  };
  dispatcher = new Agent({ connect });
  dispatchers.set(policy, dispatcher);
  return dispatcher;
}

export type OutboundInit = {
  policy?: OutboundPolicy;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Redirects followed at most (each hop is checked again); more is a failure. */
  maxRedirects?: number;
  /** Asked before each redirect is followed: false refuses it (e.g. another website). */
  allowRedirect?: (to: URL) => boolean;
  /** The transport, called with the guard's dispatcher (tests wrap it; default undici's fetch). */
  fetch?: (url: string, init: RequestInit & { dispatcher: Dispatcher }) => Promise<Response>;
};

/** The redirect was refused by allowRedirect: the caller says why in its own words. */
export class RedirectRefused extends Error {
  override name = 'RedirectRefused';
  constructor(readonly to: string) {
    super(`redirect to ${to} refused`);
  }
}

/**
 * GET an http(s) URL through the guard, following up to maxRedirects redirects by hand.
 * Answers the final response and its URL. Refusals reject with OutboundRefused or
 * RedirectRefused before any byte is sent to the refused address.
 */
export async function outboundGet(
  target: string,
  init: OutboundInit = {},
): Promise<{ response: Response; url: string }> {
  const dispatcher = outboundDispatcher(init.policy);
  const transport = init.fetch ?? (undiciFetch as unknown as NonNullable<OutboundInit['fetch']>);
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefused(`${url.protocol} is not http(s)`);
    if (url.username || url.password) throw new OutboundRefused('credentials in the URL');
    let response: Response;
    try {
      response = await transport(url.toString(), {
        method: 'GET',
        headers: init.headers,
        redirect: 'manual',
        signal: init.signal,
        dispatcher,
      });
    } catch (error) {
      // fetch wraps the connector's refusal in "fetch failed": callers see the refusal itself.
      if (error instanceof Error && error.cause instanceof OutboundRefused) throw error.cause;
      throw error;
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || response.status === 304 || !location)
      return { response, url: url.toString() };
    await response.body?.cancel().catch(() => undefined);
    if (hop >= (init.maxRedirects ?? 5)) throw new OutboundRefused('too many redirects');
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new OutboundRefused('an unreadable redirect');
    }
    if (init.allowRedirect && !init.allowRedirect(next)) throw new RedirectRefused(next.toString());
    url = next;
  }
}
