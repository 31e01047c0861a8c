import { describe, expect, it } from 'vitest';
import { saysGoodbye, spoken, wantsPerson } from '#api/features/systems/call-intents';
import {
  dial,
  emptyTwiml,
  escapeXml,
  gather,
  hangup,
  parseTwiml,
  record,
  redirect,
  say,
  textOf,
  twimlResponse,
  twimlVerbs,
  TwimlParseError,
} from '#api/features/systems/twiml';
import { expectValidTwiml } from '#tests/support/inbound-fixtures';

describe('the TwiML builder', () => {
  it('escapes what callers and businesses write, in text and attributes, and the result is valid XML that reads back the same', () => {
    const nasty = `Tom & Jerry's <b>"shop"</b> ]]> </Say><Hangup/>`;
    const xml = twimlResponse(
      gather(
        { action: 'https://app.test/api/v1/webhooks/twilio/s1/voice/gather?a=1&b="2"', language: 'en-GB' },
        say(nasty, { voice: 'Polly.Amy' }),
      ),
      redirect('https://app.test/x?y=1&z=2'),
    );
    const verbs = expectValidTwiml(xml);
    expect(verbs.map((verb) => verb.name)).toEqual(['Gather', 'Say', 'Redirect']);
    expect(verbs[0].attrs).toEqual({
      input: 'speech',
      action: 'https://app.test/api/v1/webhooks/twilio/s1/voice/gather?a=1&b="2"',
      method: 'POST',
      speechTimeout: 'auto',
      language: 'en-GB',
    });
    expect(textOf(verbs[1])).toBe(nasty.replace(/\s+/g, ' '));
    expect(verbs[1].attrs).toEqual({ voice: 'Polly.Amy' });
    expect(textOf(verbs[2])).toBe('https://app.test/x?y=1&z=2');
    expect(xml).not.toContain('<b>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><Response>')).toBe(true);
  });

  it('drops characters XML cannot hold (control characters, lone surrogates) and keeps every other character', () => {
    const text = 'a\u0000b\u0007c\u001Fd\uD800e\uDC00f\uFFFF g\tüñ😀';
    expect(escapeXml(text)).toBe('abcdef g\tüñ😀');
    const xml = twimlResponse(say(text));
    expectValidTwiml(xml);
    expect(textOf(parseTwiml(xml))).toBe('abcdef g üñ😀');
  });

  it('builds the dial, record, hangup and empty answers', () => {
    const xml = twimlResponse(
      say('Putting you through'),
      dial({ callerId: '+441174960123', action: 'https://app.test/dial-done', timeout: 25 }, '+447700900123'),
      record({
        action: 'https://app.test/recording',
        maxLength: 120,
        transcribe: true,
        transcribeCallback: 'https://app.test/recording',
      }),
      hangup(),
    );
    const verbs = expectValidTwiml(xml);
    expect(verbs.map((verb) => verb.name)).toEqual(['Say', 'Dial', 'Number', 'Record', 'Hangup']);
    expect(verbs[1].attrs).toEqual({
      callerId: '+441174960123',
      action: 'https://app.test/dial-done',
      method: 'POST',
      timeout: '25',
    });
    expect(textOf(verbs[2])).toBe('+447700900123');
    expect(verbs[3].attrs).toMatchObject({
      action: 'https://app.test/recording',
      maxLength: '120',
      transcribe: 'true',
      playBeep: 'true',
      method: 'POST',
    });
    expect(emptyTwiml()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expectValidTwiml(emptyTwiml());
  });

  it('leaves out attributes without a value', () => {
    const [verb] = expectValidTwiml(twimlResponse(dial({ callerId: null }, '+447700900123')));
    expect(verb.attrs).toEqual({});
  });
});

describe('the strict TwiML parser', () => {
  it.each([
    ['an unclosed element', '<Response><Say>hello</Response>'],
    ['a raw ampersand', '<Response><Say>Tom & Jerry</Say></Response>'],
    ['a raw < in text', '<Response><Say>1 < 2</Say></Response>'],
    ['an unknown entity', '<Response><Say>&nbsp;</Say></Response>'],
    ['a duplicate attribute', '<Response><Say voice="a" voice="b">x</Say></Response>'],
    ['an unquoted attribute', '<Response><Say voice=a>x</Say></Response>'],
    ['two roots', '<Response/><Response/>'],
    ['text outside the root', 'hello <Response/>'],
    ['nothing at all', ''],
    ['a control character', '<Response><Say>a\u0001b</Say></Response>'],
    ['a malformed declaration', '<?xml version=1.0?><Response/>'],
  ])('refuses %s', (_, xml) => {
    expect(() => parseTwiml(xml)).toThrow(TwimlParseError);
  });

  it('reads entities, comments, CDATA and single-quoted attributes', () => {
    const root = parseTwiml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- hi --><Response><Say voice='x'>a &amp; b &#233; &#x1F600; <![CDATA[<raw>]]></Say><!-- c --><Hangup /></Response>\n`,
    );
    expect(root.name).toBe('Response');
    const verbs = twimlVerbs(
      "<Response><Say voice='x'>a &amp; b &#233; &#x1F600; <![CDATA[<raw>]]></Say><Hangup /></Response>",
    );
    expect(verbs.map((verb) => verb.name)).toEqual(['Say', 'Hangup']);
    expect(textOf(verbs[0])).toBe('a & b é 😀 <raw>');
    expect(verbs[0].attrs).toEqual({ voice: 'x' });
  });
});

describe('what the caller says', () => {
  it.each([
    ['Can I speak to a person please?', true],
    ['operator', true],
    ['A real human please', true],
    ['Put me through to the manager', true],
    ['I want to talk to someone about my boiler', true],
    ['Can someone call me back tomorrow?', false],
    ['Do you have staff parking?', false],
    ['What are your opening hours?', false],
  ])('"%s" asks for a person: %s', (text, expected) => {
    expect(wantsPerson(text)).toBe(expected);
  });

  it.each([
    ['Bye', true],
    ["That's all, thanks", true],
    ['No, that is all. Goodbye!', true],
    ['Bye the way, what are your hours on Sunday and do you do repairs?', false],
    ['Thanks', false],
  ])('"%s" says goodbye: %s', (text, expected) => {
    expect(saysGoodbye(text)).toBe(expected);
  });

  it('replies are read without markdown marks, links keep their words', () => {
    expect(
      spoken('**Yes!** See [our prices](https://example.com/prices) or email jo_bloggs@example.com.\n# Hours\n> 9am'),
    ).toBe('Yes! See our prices or email jo_bloggs@example.com. Hours 9am');
  });
});
