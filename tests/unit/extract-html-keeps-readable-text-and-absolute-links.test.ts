import { describe, expect, it } from 'vitest';
import { extractHtml } from '#api/services/extract/html';
import { parseSitemap, sameSitePage } from '#api/features/learning/fetch';

describe('extractHtml', () => {
  const html = `<!doctype html><html><head><title> Acme &amp; Sons </title><base href="/shop/"><style>.a{color:red}</style>
    <script>var tracking = 1</script></head><body>
    <nav><a href="/about">About</a></nav><div role="navigation">Menu</div>
    <main><h1>Welcome</h1><p>We are open <b>Mon–Fri</b>&nbsp;9 to 5.</p>
    <ul><li>Plumbing</li><li>Heating <a href="https://other.example/x#y">partner</a></li></ul>
    <div hidden>secret</div><img alt="Our van"><p>Line<br>two</p>
    <a href="mailto:a@b.example">mail</a> <a href="prices.html#top">prices</a> <a href="#local">jump</a> <a href="prices.html">again</a></main>
    <footer>Copyright 2024 <a href="/legal">Legal</a></footer></body></html>`;

  it('keeps headings, paragraphs and list items as lines and drops code and boilerplate', () => {
    const { title, text } = extractHtml(html, 'http://127.0.0.1:8080/index.html');
    expect(title).toBe('Acme & Sons');
    expect(text).toBe(
      '# Welcome\n\nWe are open Mon–Fri 9 to 5.\n\n- Plumbing\n- Heating partner\nOur van\nLine\ntwo\n\nmail prices jump again',
    );
    expect(text).not.toMatch(/tracking|color|Menu|secret|Copyright|About/);
  });

  it('answers absolute http(s) links without fragments, once each, against <base href>', () => {
    expect(extractHtml(html, 'http://127.0.0.1:8080/index.html').links).toEqual([
      'http://127.0.0.1:8080/about',
      'https://other.example/x',
      'http://127.0.0.1:8080/shop/prices.html',
      'http://127.0.0.1:8080/legal',
    ]);
  });

  it('copes with unclosed tags and a document without a title', () => {
    expect(extractHtml('<p>One<p>Two<script>x()')).toEqual({ title: null, text: 'One\n\nTwo', links: [] });
  });
});

describe('extractHtml tables', () => {
  it("reads each table row under its header row as one labelled sentence, a cell's paragraphs and a table inside it included", () => {
    const html =
      '<h2>Prices</h2><table><thead><tr><th>Service</th><th>Price</th></tr></thead><tbody>' +
      '<tr><td><p>Gutter</p><p>clearing</p></td><td>£80</td></tr>' +
      '<tr><td>Roof repair</td><td><table><tr><td>from £150</td></tr></table></td></tr>' +
      '<tr><td></td><td></td></tr></tbody></table><p>Prices include VAT.</p>';
    expect(extractHtml(html).text).toBe(
      '## Prices\n\nGutter clearing: price £80.\nRoof repair: price from £150.\n\nPrices include VAT.',
    );
  });
});

describe('crawl URL rules', () => {
  const site = new URL('http://127.0.0.1:8080/');
  it('keeps pages of the same host and port only, without fragments, skipping files', () => {
    expect(sameSitePage('/a#b', site)).toBe('http://127.0.0.1:8080/a');
    expect(sameSitePage('http://127.0.0.1:9090/a', site)).toBeNull();
    expect(sameSitePage('http://elsewhere.example/a', site)).toBeNull();
    expect(sameSitePage('/brochure.PDF', site)).toBeNull();
    expect(sameSitePage('mailto:x@y.z', site)).toBeNull();
    expect(sameSitePage('https://www.example.com/x', new URL('https://example.com/'))).toBe(
      'https://www.example.com/x',
    );
  });

  it('reads sitemaps and sitemap indexes', () => {
    expect(
      parseSitemap(
        '<urlset><url><loc> https://a.example/?x=1&amp;y=2 </loc></url><url><loc><![CDATA[https://a.example/b]]></loc></url></urlset>',
      ),
    ).toEqual({
      pages: ['https://a.example/?x=1&y=2', 'https://a.example/b'],
      sitemaps: [],
    });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>')).toEqual(
      { pages: [], sitemaps: ['https://a.example/s1.xml'] },
    );
  });
});
