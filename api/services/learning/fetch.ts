import robotsParser from 'robots-parser';

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

export type FetchFn = typeof fetch;

/** A page-level failure with the sentence the owner sees in the list of failures. */
export class PageError extends Error {}

const seconds = (ms: number) => {
  const n = Math.max(1, Math.round(ms / 1000));
  return `${n} second${n === 1 ? '' : 's'}`;
};
const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`);

export type FetchedText = { url: string; contentType: string; body: string };

/**
 * GET a URL with the crawler's limits: a timeout over the whole exchange, and a byte cap
 * enforced while streaming (Content-Length may be absent or wrong). `accept` lists the
 * content types taken; anything else is refused before its body is read.
 */
export async function fetchText(
  url: string,
  limits: Pick<CrawlLimits, 'maxBytes' | 'timeoutMs'>,
  options: { fetch?: FetchFn; accept?: (contentType: string) => boolean; signal?: AbortSignal } = {},
): Promise<FetchedText> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new PageError(`No answer within ${seconds(limits.timeoutMs)}.`)), limits.timeoutMs);
  const onAbort = () => controller.abort(new PageError('Stopped.'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        headers: { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/html,application/xhtml+xml,text/plain;q=0.8,*/*;q=0.5' },
        redirect: 'follow',
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof PageError) throw controller.signal.reason;
      throw new PageError(`The page could not be reached (${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}).`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new PageError(`The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
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
    return { url: response.url || url, contentType, body: new TextDecoder(charsetOf(response.headers.get('content-type')), { fatal: false }).decode(bytes) };
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

/** robots.txt of the site; missing or unreadable means everything is allowed (the usual reading). */
export async function loadRobots(origin: string, limits: CrawlLimits, fetchFn?: FetchFn, signal?: AbortSignal): Promise<Robots> {
  const robotsUrl = new URL('/robots.txt', origin).toString();
  let text = '';
  try {
    text = (await fetchText(robotsUrl, { maxBytes: 512 * 1024, timeoutMs: limits.timeoutMs }, { fetch: fetchFn, signal })).body;
  } catch {
    text = '';
  }
  const robots = robotsParser(robotsUrl, text);
  return {
    isAllowed: (url) => robots.isAllowed(url, CRAWLER_NAME) !== false,
    sitemaps: robots.getSitemaps(),
  };
}

/** <loc> entries of a sitemap (urlset) or sitemap index, in order. */
export function parseSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  const isIndex = /<sitemapindex[\s>]/i.test(xml);
  const locs = [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi)].map((match) =>
    match[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'"),
  );
  return isIndex ? { pages: [], sitemaps: locs } : { pages: locs, sitemaps: [] };
}

/**
 * Page URLs the site lists in its sitemaps: those robots.txt names, else /sitemap.xml;
 * one level of sitemap index is followed. Failures mean "no sitemap", never a job failure.
 */
export async function loadSitemapUrls(origin: string, robots: Robots, limits: CrawlLimits, fetchFn?: FetchFn, signal?: AbortSignal): Promise<string[]> {
  const queue = robots.sitemaps.length ? [...robots.sitemaps] : [new URL('/sitemap.xml', origin).toString()];
  const seen = new Set<string>();
  const pages: string[] = [];
  // A few sitemap files at most: the page limit is small, and indexes can be huge.
  while (queue.length && seen.size < 5) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const { body } = await fetchText(url, { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs }, { fetch: fetchFn, signal });
      const parsed = parseSitemap(body);
      pages.push(...parsed.pages);
      queue.push(...parsed.sitemaps);
    } catch {
      // No sitemap: links found on the pages are enough.
    }
  }
  return pages;
}

// Links to these are files, not pages: skipped before a request is spent on them.
const FILE_EXTENSIONS = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|tar|rar|7z|mp3|mp4|mov|avi|webm|wav|docx?|xlsx?|pptx?|csv|css|js|json|xml|woff2?|ttf|eot|exe|dmg)$/i;

/**
 * The crawl's form of a URL (no fragment, default port dropped), or null when it is not a
 * page of the same site: same host name and port, http or https, not a file download.
 */
export function sameSitePage(candidate: string, site: URL): string | null {
  let url: URL;
  try {
    url = new URL(candidate, site);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname.replace(/^www\./, '') !== site.hostname.replace(/^www\./, '') || url.port !== site.port) return null;
  if (FILE_EXTENSIONS.test(url.pathname)) return null;
  url.hash = '';
  return url.toString();
}
