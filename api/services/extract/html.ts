import { Parser } from 'htmlparser2';
import { tableLines, type TableRow } from './table-rows';

export type ExtractedHtml = { title: string | null; text: string; links: string[] };

// Elements whose content is never readable page text: code, styling, embedded media, and the
// navigation/footer boilerplate repeated on every page of a site (it would drown search results).
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'head',
  'nav',
  'footer',
  'select',
  'button',
]);
const SKIPPED_ROLES = new Set(['navigation', 'contentinfo', 'banner', 'search']);

// Elements that end a line of text; everything else is inline and joined with spaces.
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'aside',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'address',
  'br',
  'hr',
  'form',
  'fieldset',
  'legend',
  'label',
  'details',
  'summary',
]);
const HEADINGS: Record<string, string> = { h1: '#', h2: '##', h3: '###', h4: '####', h5: '#####', h6: '######' };
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

function absoluteLink(href: string, base: string | undefined): string | null {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#')) return null;
  try {
    const url = base ? new URL(trimmed, base) : new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // The fragment names a place on the same page, not another document.
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * Readable text of an HTML document: headings become Markdown-style "# " lines (so the knowledge
 * chunker can split on them), blocks become lines, boilerplate is dropped. Links are made absolute
 * against `<base href>` or `baseUrl`, deduplicated, in document order.
 */
export function extractHtml(html: string, baseUrl?: string): ExtractedHtml {
  const lines: string[] = [];
  let line = '';
  let title = '';
  let inTitle = false;
  let skipDepth = 0;
  // Stack of open elements with whether each started a skipped region, so that unbalanced markup
  // cannot leave the parser stuck in "skip" mode.
  const stack: { name: string; skips: boolean }[] = [];
  let base = baseUrl;
  const links: string[] = [];
  const seen = new Set<string>();
  // A table's rows are gathered and written when it closes (table-rows.ts: labelled row
  // sentences under a header row, else one line of cells per row); a table inside a cell is
  // read into that cell.
  let rowDepth = 0;
  let table: TableRow[] | null = null;
  let row: TableRow | null = null;
  let cell: string | null = null;
  // Whether every cell of the row so far is a header cell (th, or set wholly in bold).
  let cellLetters = 0;
  let cellBoldLetters = 0;
  let cellIsTh = false;
  let rowHeads = true;
  const inCell = () => cell !== null;
  // A paragraph set wholly in bold, short and unpunctuated, is a heading (how many owners write
  // them in Word, and many pages): its letters, and those in bold.
  let paragraphLetters = 0;
  let boldLetters = 0;
  const inBold = () => stack.some((element) => element.name === 'strong' || element.name === 'b');

  // A cell's paragraphs and headings stay in its one line, apart by a space.
  const spaceInCell = (name: string) => {
    if (BLOCKS.has(name) || HEADINGS[name]) cell += ' ';
  };

  const writeTable = () => {
    if (table) lines.push(...tableLines(table));
    table = null;
  };

  const flush = () => {
    const cleaned = line.replace(/\s+/g, ' ').trim();
    if (cleaned) lines.push(cleaned);
    line = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !stack.some((e) => e.name === 'svg')) inTitle = true;
        if (name === 'base' && attributes.href && !stack.some((e) => e.name === 'body')) {
          const resolved = absoluteLink(attributes.href, baseUrl);
          if (resolved) base = resolved;
        }
        if (name === 'a' && attributes.href) {
          const link = absoluteLink(attributes.href, base);
          if (link && !seen.has(link)) {
            seen.add(link);
            links.push(link);
          }
        }
        const role = attributes.role?.toLowerCase();
        const skips =
          SKIPPED.has(name) ||
          (role !== undefined && SKIPPED_ROLES.has(role)) ||
          'hidden' in attributes ||
          attributes['aria-hidden'] === 'true';
        if (VOID.has(name)) {
          if (skipDepth > 0) return;
          if (inCell()) {
            cell += name === 'img' && attributes.alt?.trim() ? ` ${attributes.alt} ` : ' ';
            return;
          }
          if (name === 'br' || name === 'hr') flush();
          if (name === 'img' && attributes.alt?.trim()) line += ` ${attributes.alt} `;
          return;
        }
        stack.push({ name, skips });
        if (skips) skipDepth += 1;
        if (skipDepth > 0) return;
        if (name === 'tr' && ++rowDepth === 1) {
          flush();
          row = { cells: [], marked: stack.some((element) => element.name === 'thead') };
          rowHeads = true;
          return;
        }
        if ((name === 'td' || name === 'th') && rowDepth === 1 && !inCell()) {
          cell = '';
          cellLetters = cellBoldLetters = 0;
          cellIsTh = name === 'th';
          return;
        }
        if (inCell()) return spaceInCell(name);
        if (name === 'table') {
          writeTable();
          lines.push('');
          table = [];
        }
        if (BLOCKS.has(name)) flush();
        const heading = HEADINGS[name];
        if (heading) {
          flush();
          line = `${heading} `;
        }
        if (name === 'li') line = '- ';
        if (name === 'p') paragraphLetters = boldLetters = 0;
      },
      ontext(data) {
        if (inTitle) title += data;
        if (skipDepth > 0) return;
        if (inCell()) {
          cell += data;
          const letters = data.replace(/\s+/g, '').length;
          cellLetters += letters;
          if (inBold()) cellBoldLetters += letters;
          return;
        }
        line += data;
        const letters = data.replace(/\s+/g, '').length;
        paragraphLetters += letters;
        if (inBold()) boldLetters += letters;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (VOID.has(name)) return;
        // Pop up to and including the matching element (implied closes of unclosed children).
        const index = stack.map((e) => e.name).lastIndexOf(name);
        if (index === -1) return;
        for (const element of stack.splice(index)) if (element.skips) skipDepth -= 1;
        if (skipDepth > 0) return;
        if ((name === 'td' || name === 'th') && rowDepth === 1 && inCell()) {
          const text = (cell as string).replace(/\s+/g, ' ').trim();
          if (row) {
            row.cells.push(text);
            const heads = cellIsTh || (cellLetters > 0 && cellBoldLetters === cellLetters);
            if (text && !heads) rowHeads = false;
          }
          cell = null;
          return;
        }
        if (name === 'tr' && rowDepth > 0 && --rowDepth === 0) {
          if (row) {
            const finished: TableRow = {
              cells: row.cells,
              marked: row.marked || (rowHeads && row.cells.some(Boolean)),
            };
            if (table) table.push(finished);
            else lines.push(...tableLines([finished]));
          }
          row = null;
          return;
        }
        if (inCell()) return spaceInCell(name);
        if (name === 'table') {
          writeTable();
          lines.push('');
        }
        if (
          name === 'p' &&
          paragraphLetters > 0 &&
          boldLetters === paragraphLetters &&
          !stack.some((element) => element.name === 'li')
        ) {
          const text = line.replace(/\s+/g, ' ').trim();
          if (text.length <= 80 && text.split(' ').length <= 10 && !/[.!?,;]$/.test(text))
            line = `### ${text.replace(/:$/, '')}`;
        }
        if (BLOCKS.has(name) || HEADINGS[name]) {
          if (line.trim() === '-' || /^#+ $/.test(line)) line = '';
          flush();
          // A heading or paragraph ends a section: a blank line keeps paragraphs apart.
          if (HEADINGS[name] || name === 'p') lines.push('');
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
  writeTable();

  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const cleanTitle = title.replace(/\s+/g, ' ').trim();
  return { title: cleanTitle || null, text, links };
}
