/**
 * TwiML, the XML a voice or SMS webhook answers with: a tiny builder for the verbs the
 * inbound handlers use, and a strict parser for reading it back (the sandbox simulator
 * turns the TwiML it got into a transcript; tests check it is well formed). Everything a
 * caller said or a business typed is escaped, and characters XML cannot hold are dropped,
 * so the output is always valid XML.
 */
export type TwimlNode = { name: string; attrs: Record<string, string>; children: TwimlChild[] };
export type TwimlChild = TwimlNode | string;
type AttrValue = string | number | boolean | null | undefined;
type Attrs = Record<string, AttrValue>;

// XML 1.0 forbids most control characters, lone surrogates and U+FFFE/U+FFFF.
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text and attribute values: the five XML entities escaped, characters XML cannot hold removed. */
export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

function node(name: string, attrs: Attrs = {}, children: TwimlChild[] = []): TwimlNode {
  if (!NAME.test(name)) throw new Error(`Invalid TwiML element name: ${name}`);
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (!NAME.test(key)) throw new Error(`Invalid TwiML attribute name: ${key}`);
    if (value === null || value === undefined || value === '') continue;
    clean[key] = String(value);
  }
  return { name, attrs: clean, children };
}

export type SayOptions = { voice?: string; language?: string };
export const say = (text: string, options: SayOptions = {}) =>
  node('Say', { voice: options.voice, language: options.language }, [text]);

export type GatherOptions = {
  action: string;
  language?: string;
  speechTimeout?: string;
  timeout?: number;
  hints?: string;
  actionOnEmptyResult?: boolean;
};
/** A speech gather: what the caller says goes to `action` as SpeechResult; `prompt` verbs are spoken meanwhile (they can be interrupted). */
export const gather = (options: GatherOptions, ...prompt: TwimlNode[]) =>
  node(
    'Gather',
    {
      input: 'speech',
      action: options.action,
      method: 'POST',
      speechTimeout: options.speechTimeout ?? 'auto',
      timeout: options.timeout,
      language: options.language,
      hints: options.hints,
      actionOnEmptyResult: options.actionOnEmptyResult,
    },
    prompt,
  );

export type DialOptions = { callerId?: string | null; action?: string; timeout?: number; answerOnBridge?: boolean };
export const dial = (options: DialOptions, ...numbers: string[]) =>
  node(
    'Dial',
    {
      callerId: options.callerId,
      action: options.action,
      method: options.action ? 'POST' : undefined,
      timeout: options.timeout,
      answerOnBridge: options.answerOnBridge,
    },
    numbers.map((phone) => node('Number', {}, [phone])),
  );

export type RecordOptions = {
  action: string;
  maxLength?: number;
  transcribe?: boolean;
  transcribeCallback?: string;
  playBeep?: boolean;
  timeout?: number;
};
export const record = (options: RecordOptions) =>
  node('Record', {
    action: options.action,
    method: 'POST',
    maxLength: options.maxLength,
    timeout: options.timeout,
    playBeep: options.playBeep ?? true,
    transcribe: options.transcribe,
    transcribeCallback: options.transcribeCallback,
  });

export const hangup = () => node('Hangup');
export const pause = (seconds = 1) => node('Pause', { length: seconds });
export const redirect = (url: string) => node('Redirect', { method: 'POST' }, [url]);

function serialize(item: TwimlChild): string {
  if (typeof item === 'string') return escapeXml(item);
  const attrs = Object.entries(item.attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (item.children.length === 0) return `<${item.name}${attrs}/>`;
  return `<${item.name}${attrs}>${item.children.map(serialize).join('')}</${item.name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The whole document: <Response> with the verbs in order (none: an empty <Response/>). */
export function twimlResponse(...verbs: TwimlNode[]): string {
  return `${XML_DECLARATION}${serialize(node('Response', {}, verbs))}`;
}

/** An empty answer: the webhook was handled and there is nothing to say (SMS, callbacks). */
export const emptyTwiml = () => twimlResponse();

export class TwimlParseError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at ${position}`);
    this.name = 'TwimlParseError';
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string, offset: number): string {
  return text.replace(/&([^;&<]*);?/g, (match, body: string, index: number) => {
    if (!match.endsWith(';')) throw new TwimlParseError('Unterminated entity', offset + index);
    if (body in ENTITIES) return ENTITIES[body];
    const code = /^#x([0-9a-fA-F]{1,6})$/.test(body)
      ? parseInt(body.slice(2), 16)
      : /^#(\d{1,7})$/.test(body)
        ? parseInt(body.slice(1), 10)
        : NaN;
    if (
      !Number.isFinite(code) ||
      code > 0x10ffff ||
      (code < 0x20 && ![0x9, 0xa, 0xd].includes(code)) ||
      (code >= 0xd800 && code <= 0xdfff)
    ) {
      throw new TwimlParseError(`Unknown entity &${body};`, offset + index);
    }
    return String.fromCodePoint(code);
  });
}

/**
 * A strict XML parser for TwiML-sized documents: one root element, elements, attributes in
 * double or single quotes, text, the predefined and numeric entities, comments and an XML
 * declaration. Anything malformed (unclosed or mismatched tags, a raw `<` or `&`, duplicate
 * attributes, text outside the root) throws TwimlParseError.
 */
export function parseTwiml(xml: string): TwimlNode {
  let position = 0;
  const fail = (message: string): never => {
    throw new TwimlParseError(message, position);
  };
  if (new RegExp(INVALID_XML_CHARS.source).test(xml)) fail('Character not allowed in XML');
  const skipSpace = () => {
    while (position < xml.length && /\s/.test(xml[position])) position += 1;
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (xml.startsWith('<!--', position)) {
        const end = xml.indexOf('-->', position + 4);
        if (end === -1) fail('Unterminated comment');
        position = end + 3;
      } else return;
    }
  };
  const readName = () => {
    const match = /^[A-Za-z_][A-Za-z0-9_.:-]*/.exec(xml.slice(position));
    if (!match) return fail('Expected a name');
    position += match[0].length;
    return match[0];
  };

  if (xml.charCodeAt(0) === 0xfeff) position = 1;
  if (xml.startsWith('<?xml', position)) {
    const end = xml.indexOf('?>', position);
    if (end === -1) fail('Unterminated XML declaration');
    const declaration = xml.slice(position, end + 2);
    if (
      !/^<\?xml\s+version\s*=\s*("1\.[0-9]"|'1\.[0-9]')(\s+encoding\s*=\s*("[A-Za-z][\w.-]*"|'[A-Za-z][\w.-]*'))?(\s+standalone\s*=\s*("(yes|no)"|'(yes|no)'))?\s*\?>$/.test(
        declaration,
      )
    ) {
      fail('Malformed XML declaration');
    }
    position = end + 2;
  }
  skipMisc();

  const readElement = (): TwimlNode => {
    if (xml[position] !== '<') fail('Expected an element');
    position += 1;
    const name = readName();
    const attrs: Record<string, string> = {};
    for (;;) {
      const before = position;
      skipSpace();
      if (xml.startsWith('/>', position)) {
        position += 2;
        return { name, attrs, children: [] };
      }
      if (xml[position] === '>') {
        position += 1;
        break;
      }
      if (position === before) fail('Expected a space before an attribute');
      const key = readName();
      if (key in attrs) fail(`Duplicate attribute ${key}`);
      skipSpace();
      if (xml[position] !== '=') fail('Expected =');
      position += 1;
      skipSpace();
      const quote = xml[position];
      if (quote !== '"' && quote !== "'") fail('Expected a quoted attribute value');
      const end = xml.indexOf(quote, position + 1);
      if (end === -1) fail('Unterminated attribute value');
      const raw = xml.slice(position + 1, end);
      if (raw.includes('<')) fail('Raw < in an attribute value');
      attrs[key] = decodeEntities(raw, position + 1);
      position = end + 1;
    }
    const children: TwimlChild[] = [];
    for (;;) {
      if (position >= xml.length) fail(`Unclosed <${name}>`);
      if (xml.startsWith('</', position)) {
        position += 2;
        const closing = readName();
        if (closing !== name) fail(`Expected </${name}> but found </${closing}>`);
        skipSpace();
        if (xml[position] !== '>') fail('Expected >');
        position += 1;
        return { name, attrs, children };
      }
      if (xml.startsWith('<!--', position)) {
        const end = xml.indexOf('-->', position + 4);
        if (end === -1) fail('Unterminated comment');
        position = end + 3;
        continue;
      }
      if (xml.startsWith('<![CDATA[', position)) {
        const end = xml.indexOf(']]>', position + 9);
        if (end === -1) fail('Unterminated CDATA section');
        children.push(xml.slice(position + 9, end));
        position = end + 3;
        continue;
      }
      if (xml[position] === '<') {
        if (xml[position + 1] === '?' || xml[position + 1] === '!') fail('Unexpected markup');
        children.push(readElement());
        continue;
      }
      const next = xml.indexOf('<', position);
      const end = next === -1 ? xml.length : next;
      const raw = xml.slice(position, end);
      if (raw.includes(']]>')) fail(']]> in text');
      children.push(decodeEntities(raw, position));
      position = end;
    }
  };

  const root = readElement();
  skipMisc();
  if (position < xml.length) fail('Content after the root element');
  return root;
}

/** The text inside an element (its own and its children's), whitespace collapsed. */
export function textOf(item: TwimlChild): string {
  if (typeof item === 'string') return item;
  return item.children.map(textOf).join('').replace(/\s+/g, ' ').trim();
}

/** Every element under the root, depth first in document order (a Say inside a Gather follows the Gather). */
export function twimlVerbs(xml: string): TwimlNode[] {
  const found: TwimlNode[] = [];
  const walk = (item: TwimlNode) => {
    for (const child of item.children) {
      if (typeof child === 'string') continue;
      found.push(child);
      walk(child);
    }
  };
  walk(parseTwiml(xml));
  return found;
}
