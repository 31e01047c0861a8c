import { describe, expect, it } from 'vitest';
import { speechKnowledge } from '#api/services/speech/business-knowledge';
import { hearSpeech } from '#api/services/speech/confidence';
import { speakToWav16k } from '#api/services/speech/generate';
import { detectEmbeddedSpeech } from '#api/services/speech/index';
import { wordErrors } from '../../../eval/voice/word-error-rate';

/**
 * The business's own language model against the recogniser's generic one, on a small fixed
 * sample of a made-up business's callers (espeak-ng speaking, pocketsphinx hearing): the
 * pooled word error rate must drop well below the generic model's. The full spoken
 * evaluation is `npm run eval:voice`.
 */
const GROOMER = speechKnowledge({
  name: 'Pawsome Grooming',
  assistantName: 'Molly',
  address: '12 Wellsway, Bath BA2 4RZ',
  services: [
    { name: 'Full groom' },
    { name: 'Nail clipping' },
    { name: 'Puppy introduction' },
    { name: 'De-shedding treatment' },
  ],
  products: [{ name: 'Oatmeal shampoo' }],
  memories: [
    { type: 'answered_question', title: 'Do you groom cats?', content: 'Do you groom cats?', answer: 'No, dogs only.' },
    {
      type: 'web_page',
      title: 'Collection service',
      content: 'We collect dogs from Keynsham, Radstock and Midsomer Norton. A full groom takes about two hours.',
    },
  ],
});
const QUESTIONS = [
  'How much is a full groom?',
  'Are you open on Saturday?',
  'Do you collect from Radstock?',
  'What time do you close today?',
];

describe('recognition with the business language model', () => {
  it('hears espeak-ng questions of a made-up business with far fewer word errors than the generic model', async (context) => {
    const speech = await detectEmbeddedSpeech();
    if (!speech.stt || !speech.tts) context.skip();
    const totals = { generic: { errors: 0, words: 0 }, business: { errors: 0, words: 0 } };
    for (const question of QUESTIONS) {
      const wav = await speakToWav16k(question, { voice: 'en-gb', wordsPerMinute: 165 });
      const [generic, business] = await Promise.all([
        hearSpeech(speech.stt!, wav),
        hearSpeech(speech.stt!, wav, { knowledge: GROOMER }),
      ]);
      for (const [name, heard] of [
        ['generic', generic],
        ['business', business],
      ] as const) {
        const counted = wordErrors(question, heard.text);
        totals[name].errors += counted.errors;
        totals[name].words += counted.words;
      }
    }
    const rate = (counted: { errors: number; words: number }) => counted.errors / counted.words;
    expect(rate(totals.business)).toBeLessThan(0.35);
    expect(rate(totals.business)).toBeLessThan(rate(totals.generic) - 0.25);
    // About 15 s on an idle 2-core machine; the margin is for a machine busy with other tests.
  }, 180_000);
});
