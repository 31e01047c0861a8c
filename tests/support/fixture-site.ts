import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small business website on 127.0.0.1 for the data loader's tests (integration and e2e):
 * no internet. It has what a crawler must cope with: boilerplate navigation and footer,
 * a robots.txt that disallows /private/, a sitemap naming a page no link leads to, a page
 * over the byte limit, a broken link, a slow page, a non-HTML answer, a file link and a
 * link to another site. `hits` records every path requested, in order.
 */
export type FixtureSite = { url: string; hits: string[]; close: () => Promise<void> };

/**
 * The data loader reaches public addresses only; the harness of a test that crawls this
 * site (on 127.0.0.1) allows loopback with this policy (`createHarness({ outbound })`), as
 * e2e's server does with OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS.
 */
export const FIXTURE_SITE_OUTBOUND = { allowLoopback: true } as const;

export const FIXTURE_BIG_PAGE_BYTES = 2 * 1024 * 1024 + 256 * 1024;

const layout = (title: string, body: string, origin: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:sans-serif}</style><script>window.tracking = 1</script></head>
<body>
<nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/services">Services</a> <a href="/contact">Contact</a></nav>
<main>${body}</main>
<footer>Site navigation footer © Fixture Plumbing <a href="${origin}/contact#map">Find us</a></footer>
</body></html>`;

export async function startFixtureSite(options: { slowMs?: number } = {}): Promise<FixtureSite> {
  const hits: string[] = [];
  const slowMs = options.slowMs ?? 3_000;
  const sockets = new Set<Socket>();
  let origin = '';

  const pages: Record<string, () => string> = {
    '/': () =>
      layout(
        'Fixture Plumbing — Home',
        `<h1>Fixture Plumbing</h1><p>Emergency plumbers serving Riverton since 1998.</p>
         <p><a href="/about">About</a> · <a href="/services">What we do</a> · <a href="/big">Our full catalogue</a> ·
         <a href="/missing">Old offers</a> · <a href="/slow">Testimonials</a> · <a href="/feed">Feed</a> ·
         <a href="/brochure.pdf">Brochure</a> · <a href="/private/secret">Staff area</a> ·
         <a href="http://elsewhere.invalid/partner">Our partner</a> · <a href="mailto:office@fixture.test">Email us</a></p>`,
        origin,
      ),
    '/about': () =>
      layout('About us', '<h1>About us</h1><p>Family run by Jo Fixture. Gas Safe registered engineers.</p>', origin),
    '/services': () =>
      layout(
        'Services',
        '<h1>Services</h1><h2>Boiler servicing</h2><p>Annual boiler service from £80.</p><h2>Leak repair</h2><p>Same-day leak repairs.</p>',
        origin,
      ),
    '/contact': () =>
      layout('Contact', '<h1>Contact</h1><p>Call 01234 567890. Open Monday to Friday, 8am to 6pm.</p>', origin),
    '/orphan': () => layout('Parking', '<h1>Parking</h1><p>Free customer parking behind the workshop.</p>', origin),
    '/private/secret': () => layout('Staff only', '<h1>Staff</h1><p>Door code 4242.</p>', origin),
  };

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    hits.push(path);
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`);
      return;
    }
    if (path === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          ['/', '/about', '/orphan', '/private/secret', 'http://elsewhere.invalid/x']
            .map((p) => `<url><loc>${p.startsWith('http') ? p : origin + p}</loc></url>`)
            .join('') +
          `</urlset>`,
      );
      return;
    }
    if (path === '/big') {
      // No Content-Length: the limit must hold while the body streams.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const chunk = `<p>${'Catalogue entry. '.repeat(1000)}</p>`;
      let sent = 0;
      const write = () => {
        while (sent < FIXTURE_BIG_PAGE_BYTES) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      response.on('error', () => undefined);
      write();
      return;
    }
    if (path === '/slow') {
      const timer = setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(layout('Testimonials', '<h1>Testimonials</h1><p>Great service.</p>', origin));
      }, slowMs);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/feed') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"items":[]}');
      return;
    }
    const page = pages[path];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
