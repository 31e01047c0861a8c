/**
 * Markdown read as plain text, for previews (a knowledge-base row showed "# Prices **From**
 * £40"): heading, quote and list marks, emphasis, code ticks, table pipes and HTML tags go;
 * a link or image keeps its words. The memory's own page still shows its text as written.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, ' ')
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
    .replace(/[ \t]*\|[ \t]*/g, ' · ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/^[ \t]*·[ \t]*|[ \t]*·[ \t]*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
