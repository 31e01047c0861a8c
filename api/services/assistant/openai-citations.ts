import type { ConversationSource } from '#contract/schemas/conversation';

/**
 * Citations of the openai-compatible provider: the model tags the facts it used ([k1],
 * [s2], [hours]…); the tags are taken out of the streamed text and become the answer's
 * sources. When the model cites nothing, passages the answer clearly echoes count instead.
 */

/** A fact the model can cite: a knowledge passage, a service, or one of the business's settings. */
export type Citable = { tag: string; source: ConversationSource; text: string };

/**
 * Takes the citation tags ([k1], [s2], [hours]…) out of streamed text and remembers them.
 * A '[' holds the text back until it is closed (or clearly not a tag); spaces before a tag
 * are dropped with it, so "9am [hours]." reads "9am.".
 */
export class CitationFilter {
  readonly cited: string[] = [];
  private pending = '';
  constructor(private readonly known: (tag: string) => boolean) {}

  push(chunk: string): string {
    this.pending += chunk;
    let out = '';
    for (;;) {
      const open = this.pending.indexOf('[');
      if (open === -1) {
        // Hold trailing spaces back: a tag may follow.
        const kept = this.pending.replace(/\s+$/, '');
        out += kept;
        this.pending = this.pending.slice(kept.length);
        return out;
      }
      const close = this.pending.indexOf(']', open);
      if (close === -1) {
        if (this.pending.length - open > 40) {
          out += this.pending.slice(0, open + 1);
          this.pending = this.pending.slice(open + 1);
          continue;
        }
        const before = this.pending.slice(0, open).replace(/\s+$/, '');
        out += before;
        this.pending = this.pending.slice(before.length);
        return out;
      }
      const tags = this.pending
        .slice(open + 1, close)
        .split(/[,;\s]+/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean);
      if (tags.length && tags.every((tag) => this.known(tag))) {
        for (const tag of tags) if (!this.cited.includes(tag)) this.cited.push(tag);
        out += this.pending.slice(0, open).replace(/\s+$/, '');
        this.pending = this.pending.slice(close + 1);
      } else {
        out += this.pending.slice(0, close + 1);
        this.pending = this.pending.slice(close + 1);
      }
    }
  }

  /** Text of the next model call follows: make sure a space separates it (unless a tag eats it). */
  separate(): void {
    if (this.pending && !/\s$/.test(this.pending)) this.pending += ' ';
    else if (!this.pending) this.pending = ' ';
  }

  end(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }
}

const STOPWORDS = new Set(
  'that this with from have your there their what when where which will would could should about been were they them then than into also just only some more most other such very much many our ours you yours we are is was can for and the not but all any one two'.split(
    ' ',
  ),
);
const contentWords = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []).filter((word) => !STOPWORDS.has(word)));

/** Tags of passages sharing at least three distinctive words with the answer (at most three passages). */
export function passagesEchoed(answer: string, passages: Citable[]): string[] {
  const words = contentWords(answer);
  return passages
    .map((passage) => ({
      tag: passage.tag,
      shared: [...contentWords(passage.text)].filter((word) => words.has(word)).length,
    }))
    .filter((entry) => entry.shared >= 3)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, 3)
    .map((entry) => entry.tag);
}
