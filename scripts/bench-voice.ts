/**
 * `npm run bench:voice [runs]`: a voice turn as update-voice runs it, on the evaluation's
 * plumber (eval/assistant): the business's speech knowledge read and its language model built
 * (first turn) or found in the cache (later turns), pocketsphinx hearing the question,
 * the built-in assistant's reply, and espeak-ng's first audio of it. Beside it, the same
 * recording heard with the generic model (as before business models). The bar: recording to
 * first audio ≤ 1.5 s at the median. Needs espeak-ng, pocketsphinx and pocketsphinx-en-us.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../api/db/client';
import { createConversation } from '../api/services/assistant/conversations';
import { followReply, postMessage, type TurnDeps } from '../api/services/assistant/turns';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { loadSpeechKnowledge } from '../api/services/speech/business-knowledge';
import { businessLanguageModel } from '../api/services/speech/business-language-model';
import { hearSpeech } from '../api/services/speech/confidence';
import { speakToWav16k } from '../api/services/speech/generate';
import { detectEmbeddedSpeech } from '../api/services/speech/index';
import { EVAL_NOW } from '../eval/assistant/fixture';
import { seedEvalBusiness } from '../eval/assistant/businesses/plumber/seed';
import { percentile } from './lib/percentiles';

const RUNS = Number(process.argv[2] ?? 5);
const BAR_MS = 1500;
const QUESTIONS = ['What are your opening hours?', 'How much is a boiler service?', 'Do you cover Harrogate?'];

const median = (samples: number[]) => percentile(samples, 50);
const fmt = (ms: number) => ms.toFixed(0).padStart(7);

const speech = await detectEmbeddedSpeech();
if (!speech.stt || !speech.tts) {
  console.log('bench:voice needs espeak-ng, pocketsphinx and pocketsphinx-en-us.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
try {
  const { db } = database;
  const deps: TurnDeps = { db, clock: { now: () => EVAL_NOW }, broadcaster: createRecordingBroadcaster() };
  const businessId = await seedEvalBusiness(db);
  const conversation = await createConversation(deps, businessId, { channel: 'voice', userId: null });

  let started = performance.now();
  const knowledge = await loadSpeechKnowledge(db, businessId);
  const knowledgeMs = performance.now() - started;
  started = performance.now();
  const model = await businessLanguageModel(knowledge);
  const buildMs = performance.now() - started;
  started = performance.now();
  await businessLanguageModel(await loadSpeechKnowledge(db, businessId));
  const cachedMs = performance.now() - started;
  console.log(
    `business language model: ${model.words} words, ${model.ngrams} n-grams; knowledge read ${knowledgeMs.toFixed(0)} ms, built ${buildMs.toFixed(0)} ms (first turn), knowledge read + cache hit ${cachedMs.toFixed(0)} ms`,
  );
  console.log(`voice turn, ${RUNS} runs per question, medians (ms)`);
  console.log(
    'question                          generic stt | business stt | reply | first audio (bar ≤ 1500) | last audio',
  );
  const firstAudios: number[] = [];
  for (const question of QUESTIONS) {
    const wav = await speakToWav16k(question);
    const samples = {
      generic: [] as number[],
      stt: [] as number[],
      reply: [] as number[],
      firstAudio: [] as number[],
      total: [] as number[],
    };
    for (let run = 0; run < RUNS; run++) {
      let begun = performance.now();
      await hearSpeech(speech.stt, wav, { vocabulary: ['Hartley Plumbing & Heating'] });
      samples.generic.push(performance.now() - begun);

      begun = performance.now();
      const heard = await hearSpeech(speech.stt, wav, { knowledge: await loadSpeechKnowledge(db, businessId) });
      samples.stt.push(performance.now() - begun);
      await postMessage(deps, {
        businessId,
        conversationId: conversation.id,
        message: heard.text || question,
        wait: false,
      });
      let replyMs = 0;
      let firstAudioMs = 0;
      const text = followReply(deps, businessId, conversation.id);
      const timedText = (async function* () {
        for await (const chunk of text) yield chunk;
        replyMs = performance.now() - begun;
      })();
      for await (const audio of speech.tts.speak(timedText))
        if (!firstAudioMs && audio.length > 44) firstAudioMs = performance.now() - begun;
      samples.reply.push(replyMs);
      samples.firstAudio.push(firstAudioMs);
      samples.total.push(performance.now() - begun);
    }
    firstAudios.push(median(samples.firstAudio));
    console.log(
      `${question.padEnd(34)} ${fmt(median(samples.generic))}     | ${fmt(median(samples.stt))}      | ${fmt(median(samples.reply))} | ${fmt(median(samples.firstAudio))}                  | ${fmt(median(samples.total))}`,
    );
  }
  const worst = Math.max(...firstAudios);
  console.log(
    `recording to first audio (median): worst ${worst.toFixed(0)} ms (bar: ${BAR_MS} ms)${worst <= BAR_MS ? '' : ' ABOVE THE BAR'}`,
  );
} finally {
  await database.close();
}
