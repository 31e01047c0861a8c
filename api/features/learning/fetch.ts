import robotsParser from 'robots-parser';
import {
  OutboundRefused,
  outboundGet,
  RedirectRefused,
  type OutboundInit,
  type OutboundPolicy,
} from '#api/lib/outbound-url';

/** Sent with every request, and the name robots.txt rules are matched against. */
export const CRAWLER_USER_AGENT = 'BusinessAssistantBot/1.0 (+website data loader)';
export const CRAWLER_NAME = 'BusinessAssistantBot';

export type CrawlLimits = {
  /** Pages fetched per job, counting failures (the frontier never grows past it). */
  maxPages: number;
  /** Bytes read of one page; a larger page is a failure, not a truncated memory. */
  maxBytes: number;
  /** Per request, headers and body together. */
  timeoutMs: number;
};

export const DEFAULT_LIMITS: CrawlLimits = { maxPages: 50, maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };

/** The transport under the outbound guard (tests wrap it to act mid-crawl). */
export type FetchFn = NonNullable<OutboundInit['fetch']>;

/** Where the crawler may go, and where it tells why a page failed (never the member). */
export type FetchContext = {
  fetch?: FetchFn;
  signal?: AbortSignal;
  /** Unset: public addresses only. */
  policy?: OutboundPolicy;
  /** Server log: the real reason a page could not be fetched. */
  log?: (line: { level: 'warn'; msg: string; [key: string]: unknown }) => void;
};

/**
 * What the member reads for any failure to reach a page: a refused address, a refused
 * connection, a port that does not speak HTTP and a DNS failure look the same, so the
 * list of failures cannot be used to map a network.
 */
export const PAGE_NOT_FETCHED = 'The page could not be fetched.';
export const PAGE_REDIRECTS_AWAY = 'The page redirects to another website.';

/** A page-level failure with the sentence the owner sees in the list of failures. */
export class PageError extends Error {}

const seconds = (ms: number) => {
  const n = Math.max(1, Math.round(ms / 1000));
  return `${n} second${n === 1 ? '' : 's'}`;
};
const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`;

export type FetchedText = { url: string; contentType: string; body: string };

/**
 * GET a URL with the crawler's limits: a timeout over the whole exchange, and a byte cap
 * enforced while streaming (Content-Length may be absent or wrong). `accept` lists the
 * content types taken; anything else is refused before its body is read.
 */
export async function fetchText(
  url: string,
  limits: Pick<CrawlLimits, 'maxBytes' | 'timeoutMs'>,
  options: FetchContext & { accept?: (contentType: string) => boolean; allowRedirect?: (to: URL) => boolean } = {},
): Promise<FetchedText> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new PageError(`No answer within ${seconds(limits.timeoutMs)}.`)),
    limits.timeoutMs,
  );
  const onAbort = () => controller.abort(new PageError('Stopped.'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let response: Response;
    let finalUrl: string;
    try {
      ({ response, url: finalUrl } = await outboundGet(url, {
        policy: options.policy,
        fetch: options.fetch,
        headers: {
          'user-agent': CRAWLER_USER_AGENT,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.8,*/*;q=0.5',
        },
        allowRedirect: options.allowRedirect,
        signal: controller.signal,
      }));
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof PageError) throw controller.signal.reason;
      if (error instanceof RedirectRefused) throw new PageError(PAGE_REDIRECTS_AWAY);
      const cause =
        error instanceof Error && !(error instanceof OutboundRefused)
          ? ((error.cause as Error | undefined) ?? error)
          : error;
      options.log?.({
        level: 'warn',
        msg: 'learning page could not be fetched',
        url,
        refused: error instanceof OutboundRefused,
        error: cause instanceof Error ? cause.message : String(cause),
      });
      throw new PageError(PAGE_NOT_FETCHED);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new PageError(
        `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      );
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (options.accept && !options.accept(contentType)) {
      await response.body?.cancel().catch(() => undefined);
      throw new PageError(`Not a web page (${contentType || 'no content type'}).`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new PageError(`The page is larger than ${sizeLabel(limits.maxBytes)}.`);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          total += chunk.byteLength;
          if (total > limits.maxBytes) {
            controller.abort(new PageError(`The page is larger than ${sizeLabel(limits.maxBytes)}.`));
            throw controller.signal.reason;
          }
          chunks.push(chunk);
        }
      }
    } catch (error) {
      if (error instanceof PageError) throw error;
      if (controller.signal.aborted && controller.signal.reason instanceof PageError) throw controller.signal.reason;
      throw new PageError('The page could not be read to the end.');
    }
    const bytes = Buffer.concat(chunks);
    return {
      url: finalUrl,
      contentType,
      body: new TextDecoder(charsetOf(response.headers.get('content-type')), { fatal: false }).decode(bytes),
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function charsetOf(contentType: string | null): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (!charset) return 'utf-8';
  try {
    new TextDecoder(charset);
    return charset;
  } catch {
    return 'utf-8';
  }
}

export const isHtml = (contentType: string) => contentType === 'text/html' || contentType === 'application/xhtml+xml';

export type Robots = { isAllowed(url: string): boolean; sitemaps: string[] };

/**
 * robots.txt of the site; missing or unreadable means everything is allowed (the usual
 * reading). Only the site's own sitemaps are kept: a Sitemap line may name any address.
 */
export async function loadRobots(site: URL, limits: CrawlLimits, context: FetchContext = {}): Promise<Robots> {
  const robotsUrl = new URL('/robots.txt', site.origin).toString();
  let text = '';
  try {
    text = (
      await fetchText(
        robotsUrl,
        { maxBytes: 512 * 1024, timeoutMs: limits.timeoutMs },
        { ...context, allowRedirect: (to) => isSameSite(to, site) },
      )
    ).body;
  } catch {
    text = '';
  }
  const robots = robotsParser(robotsUrl, text);
  return {
    isAllowed: (url) => robots.isAllowed(url, CRAWLER_NAME) !== false,
    sitemaps: robots.getSitemaps().filter((url) => isSameSite(url, site)),
  };
}

/** <loc> entries of a sitemap (urlset) or sitemap index, in order. */
export function parseSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  const isIndex = /<sitemapindex[\s>]/i.test(xml);
  const locs = [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi)].map((match) =>
    match[1]
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'"),
  );
  return isIndex ? { pages: [], sitemaps: locs } : { pages: locs, sitemaps: [] };
}

/**
 * Page URLs the site lists in its sitemaps: those robots.txt names, else /sitemap.xml;
 * one level of sitemap index is followed. Failures mean "no sitemap", never a job failure.
 */
export async function loadSitemapUrls(
  site: URL,
  robots: Robots,
  limits: CrawlLimits,
  context: FetchContext = {},
): Promise<string[]> {
  const queue = robots.sitemaps.length ? [...robots.sitemaps] : [new URL('/sitemap.xml', site.origin).toString()];
  const seen = new Set<string>();
  const pages: string[] = [];
  // A few sitemap files at most: the page limit is small, and indexes can be huge.
  while (queue.length && seen.size < 5) {
    const url = queue.shift()!;
    if (seen.has(url) || !isSameSite(url, site)) continue;
    seen.add(url);
    try {
      const { body } = await fetchText(
        url,
        { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs },
        { ...context, allowRedirect: (to) => isSameSite(to, site) },
      );
      const parsed = parseSitemap(body);
      pages.push(...parsed.pages);
      queue.push(...parsed.sitemaps.filter((sitemap) => isSameSite(sitemap, site)));
    } catch {
      // No sitemap: links found on the pages are enough.
    }
  }
  return pages;
}

// Links to these are files, not pages: skipped before a request is spent on them.
const FILE_EXTENSIONS =
  /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|tar|rar|7z|mp3|mp4|mov|avi|webm|wav|docx?|xlsx?|pptx?|csv|css|js|json|xml|woff2?|ttf|eot|exe|dmg)$/i;

/**
 * Whether a URL (relative ones against the site) is on the site being learned: http or
 * https, the same host name (with or without www.) and the same port. Pages, redirects,
 * robots.txt and sitemaps all keep to it.
 */
export function isSameSite(candidate: string | URL, site: URL): boolean {
  let url: URL;
  try {
    url = new URL(candidate, site);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname.replace(/^www\./, '') === site.hostname.replace(/^www\./, '') && url.port === site.port;
}

/**
 * The crawl's form of a URL (no fragment, default port dropped), or null when it is not a
 * page of the same site (isSameSite) or is a file download.
 */
export function sameSitePage(candidate: string, site: URL): string | null {
  if (!isSameSite(candidate, site)) return null;
  const url = new URL(candidate, site);
  if (FILE_EXTENSIONS.test(url.pathname)) return null;
  url.hash = '';
  return url.toString();
}
