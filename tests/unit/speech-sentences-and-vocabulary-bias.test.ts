import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sentences, speakable } from '#api/services/speech/sentences';
import { biasTranscript, CMU_DICT, ipaToArpabet, phoneDistance } from '#api/services/speech/vocabulary';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part;
}

async function all(iterable: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('sentences for speech', () => {
  it('cuts streamed text into sentences as soon as each is complete', async () => {
    expect(
      await all(
        sentences(chunks('We open at 9am', '. We close at ', '5:30pm! Prices start at £4.50, ', 'see you', ' soon?')),
      ),
    ).toEqual(['We open at 9am.', 'We close at 5:30pm!', 'Prices start at £4.50, see you soon?']);
  });

  it('yields the first sentence before the text has ended', async () => {
    const seen: string[] = [];
    let ended = false;
    async function* slow() {
      yield 'First sentence. Second';
      seen.push(`ended=${ended}`);
      yield ' sentence.';
      ended = true;
    }
    for await (const sentence of sentences(slow())) seen.push(sentence);
    expect(seen).toEqual(['First sentence.', 'ended=false', 'Second sentence.']);
  });

  it('cuts a long run without full stops at a comma or space, and strips markdown and links', async () => {
    const long = `${'word, '.repeat(60)}end`;
    const out = await all(sentences(chunks(long)));
    expect(out.length).toBeGreaterThan(1);
    expect(out.every((sentence) => sentence.length <= 240)).toBe(true);
    expect(
      speakable('**Haircut** costs £45. See [our prices](https://example.com/prices) or https://example.com.'),
    ).toBe('Haircut costs £45. See our prices or');
  });
});

describe('phonetic vocabulary bias', () => {
  it('maps espeak-ng IPA to ARPAbet and measures sound distance', () => {
    expect(ipaToArpabet('bɹˈaɪtsmaɪl')).toEqual(['B', 'R', 'AY', 'T', 'S', 'M', 'AY', 'L']);
    expect(phoneDistance(['AW', 'ER', 'Z'], ['AW', 'ER', 'Z'])).toBe(0);
    expect(phoneDistance(['P', 'AE', 'T'], ['B', 'AE', 'T'])).toBe(0.5);
    expect(phoneDistance(['K', 'AE', 'T'], ['K', 'AE', 'T', 'S'])).toBe(1);
  });

  it.skipIf(!fs.existsSync(CMU_DICT))(
    'replaces spans that sound like a vocabulary phrase, and leaves the rest alone (needs pocketsphinx-en-us)',
    async () => {
      expect(await biasTranscript('what are your opening our ears', [], { espeak: null })).toBe(
        'what are your opening hours',
      );
      expect(await biasTranscript('how much is a beer trim', ['beard trim'], { espeak: null })).toBe(
        'how much is a beard trim',
      );
      expect(
        await biasTranscript('what time do you close today', ['beard trim', 'gift vouchers'], { espeak: null }),
      ).toBe('what time do you close today');
      expect(await biasTranscript('i would like a gift voucher', ['gift vouchers'], { espeak: null })).toBe(
        'i would like a gift vouchers',
      );
      expect(await biasTranscript('', ['anything'])).toBe('');
    },
  );
});
