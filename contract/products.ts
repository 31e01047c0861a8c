/**
 * A product the business sells, read from a `product` memory. A memory has no
 * product fields of its own, so the owner writes them as text: the title is the product's
 * name and the content describes it, price included ("Sourdough loaf", "Our slow-proved
 * white sourdough. £4.50 a loaf."). `meta.price`, when a memory carries one, wins. Shared
 * by the assistant (it takes orders of these) and the order pages (a line picks one).
 */
export type ProductFact = { _id: string; name: string; price: string | null; description: string | null };

export type ProductMemoryLike = {
  _id: string;
  title: string | null;
  content: string;
  meta?: Record<string, unknown> | null;
};

/** An amount with its currency, and what it is for when the text says ("£4.50 each", "£12 a dozen", "80p"). */
const PRICE =
  /(?:(?:from\s+)?[£$€]\s?\d[\d,]*(?:\.\d{1,2})?|\b\d+(?:\.\d{1,2})?\s?(?:p|pence|gbp|eur|usd)\b)(?:\s*(?:each|per\s+[a-z]+|an?\s+(?:dozen|box|bag|pack|loaf|kg|kilo|bottle|jar|pair|set|tin|tray|item|piece|slice|portion|bunch|half\s+dozen))\b|\s*\/\s?[a-z]+\b|\s+for\s+\d+\b)?/i;

/** The price written in a text, as written; null when there is none. */
export function findPrice(text: string | null | undefined): string | null {
  const match = text ? PRICE.exec(text) : null;
  return match ? match[0].replace(/\s+/g, ' ').trim() : null;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function productFromMemory(memory: ProductMemoryLike): ProductFact {
  const content = memory.content.trim();
  const firstLine = content.split(/\n/)[0]?.trim() ?? '';
  // Without a title, the first line names it: up to a dash, a colon or the price ("Croissant - £1.20").
  const fromLine = firstLine
    .split(/\s[-–—:]\s|:\s/)[0]
    .replace(PRICE, '')
    .replace(/[\s,.;-]+$/, '')
    .trim();
  const title = memory.title
    ?.replace(PRICE, '')
    .replace(/[\s,.;:-]+$/, '')
    .trim();
  const name = clip(title || fromLine || firstLine || 'Product', 200);
  const metaPrice =
    typeof memory.meta?.price === 'string' && memory.meta.price.trim() ? memory.meta.price.trim() : null;
  const price = metaPrice ?? findPrice(memory.title) ?? findPrice(content);
  const description = content && content !== name ? clip(content, 1000) : null;
  return { _id: memory._id, name, price: price ? clip(price, 100) : null, description };
}
