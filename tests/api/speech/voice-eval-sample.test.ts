import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#api/db/client';
import { detectEmbeddedSpeech } from '#api/services/speech/index';
import { salon } from '../../../eval/assistant/businesses';
import { runVoiceEval, summarise } from '../../../eval/voice/run';
import { cleanUpAudio } from '../../../eval/voice/speak';

/**
 * CI's fixed sample of the spoken evaluation (`npm run eval:voice` is the whole of it): two of
 * the salon's questions, spoken by espeak-ng in a quiet room and over background babble,
 * heard by pocketsphinx with the salon's language model, gated by the confidence and put to
 * the built-in assistant. Whatever the recogniser gets wrong, no garbled transcript may become
 * a question for the owner.
 */
afterAll(async () => {
  await cleanUpAudio();
});

describe('the spoken evaluation, a small fixed sample', () => {
  it('hears the salon in quiet and in babble without a garbled owner question', async (context) => {
    const speech = await detectEmbeddedSpeech();
    if (!speech.stt || !speech.tts) context.skip();
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const [report] = await runVoiceEval(database.db, [salon], {
        stt: speech.stt!,
        questionsPerBusiness: 2,
        conditions: [
          { voice: 'en-gb', wordsPerMinute: 150, noise: 'none' },
          { voice: 'en-us+f2', wordsPerMinute: 185, noise: 'babble' },
        ],
      });
      expect(report!.utterances).toHaveLength(4);
      const summary = summarise(report!.utterances);
      expect(summary.garbled).toBe(0);
      // The same questions typed are answered (the spoken figures are compared with these).
      expect(report!.textAccuracy).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    // 103 s at a load average of 40 on 2 cores, far less when idle; the margin is for a machine busy with other tests.
  }, 240_000);
});
