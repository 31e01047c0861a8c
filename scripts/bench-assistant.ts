/**
 * `npm run bench:assistant [runs] [--memories 1000,10000]`: how fast the assistant answers, on the real turn
 * engine (postMessage + followReply, the code the v1 calls run) with the built-in provider
 * over a business with 1,000 and then 10,000 memories, beside the knowledge search alone for the same
 * question (the search the assistant makes: full text and meaning, as its tools call it), and the
 * ratio of the two medians (the bar: first chunk ≤ 2× the search); then a voice turn as update-voice makes it (speech to text with the business's language model + reply + the
 * first and the last audio of the spoken answer) when espeak-ng and pocketsphinx are installed.
 * Runs on a fresh in-memory PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set (a
 * scratch database: the tables are filled).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../api/db/client';
import { businesses, users } from '../api/db/schema';
import { newId } from '../api/lib/crypto';
import { createConversation } from '../api/services/assistant/conversations';
import { followReply, postMessage, type TurnDeps } from '../api/services/assistant/turns';
import { searchKnowledge } from '../api/services/knowledge';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { createService } from '../api/features/services/service';
import { detectSpeech } from '../api/services/speech';
import { loadSpeechKnowledge } from '../api/services/speech/business-knowledge';
import { hearSpeech } from '../api/services/speech/confidence';
import { speakToWav16k } from '../api/services/speech/generate';
import { DEFAULT_OPENING_HOURS } from '../contract/schemas/business-settings';
import { fillSyntheticKnowledge } from './lib/synthetic-knowledge';
import { percentile } from './lib/percentiles';

const RUNS = Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 50);
const sizesFlag = process.argv.indexOf('--memories');
const SIZES = (sizesFlag >= 0 ? process.argv[sizesFlag + 1] : (process.env.BENCH_MEMORIES ?? '1000,10000'))
  .split(',')
  .map(Number);
const QUESTIONS = [
  'What are your opening hours?',
  'How much is a boiler service?',
  'Do you cover Harrogate?',
  'Do you do emergency call outs at night?',
  'Can I pay by card?',
  'Do you fix leaking taps in York?',
];

const fmt = (ms: number) => ms.toFixed(1).padStart(8);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  const { db } = database;
  const deps: TurnDeps = { db, clock: { now: () => new Date() }, broadcaster: createRecordingBroadcaster() };
  const userId = newId();
  const businessId = newId();
  await db.insert(users).values({ id: userId, name: 'Bench', email: `bench-${userId}@example.com`, passwordHash: 'x' });
  await db.insert(businesses).values({
    id: businessId,
    name: 'Bench Plumbing',
    email: 'bench@example.com',
    country: 'GB',
    telephones: ['+441132345678'],
    timezone: 'Europe/London',
    settings: { opening_hours: DEFAULT_OPENING_HOURS },
    createdBy: userId,
  });
  for (const [name, price] of [
    ['Boiler service', '£85'],
    ['Leak repair', 'from £60'],
    ['Radiator fitting', '£120 per radiator'],
    ['Gas safety certificate', '£70'],
  ])
    await createService(deps, businessId, { name, status: 'active', frequency: 0, price });
  let filledCount = 0;
  let conversation = await createConversation(deps, businessId, { channel: 'chat', userId });
  const ratios: number[] = [];
  for (const size of SIZES) {
    const filled = performance.now();
    await fillSyntheticKnowledge(db, businessId, size - filledCount);
    filledCount = size;
    await db.execute(sql`analyze knowledge_chunks`);
    console.log(
      `assistant on ${database.kind}: built-in provider, ${size.toLocaleString('en-GB')} memories (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s), ${RUNS} runs per question (ms)`,
    );
    console.log(
      'question                                   search p50  p95 | first chunk p50  p95 | full reply p50  p95 | first/search',
    );
    for (const question of QUESTIONS) {
      // A fresh conversation per question, so a long history does not weigh on later questions.
      conversation = await createConversation(deps, businessId, { channel: 'chat', userId });
      const search: number[] = [];
      const first: number[] = [];
      const full: number[] = [];
      for (let run = -3; run < RUNS; run++) {
        let started = performance.now();
        await searchKnowledge(db, businessId, question, { limit: 8, semantic: true });
        const searchMs = performance.now() - started;
        started = performance.now();
        await postMessage(deps, { businessId, conversationId: conversation.id, message: question, wait: false });
        let firstMs = 0;
        for await (const chunk of followReply(deps, businessId, conversation.id))
          if (!firstMs && chunk) firstMs = performance.now() - started;
        if (run < 0) continue; // warm-up
        search.push(searchMs);
        first.push(firstMs);
        full.push(performance.now() - started);
      }
      const ratio = percentile(first, 50) / percentile(search, 50);
      ratios.push(ratio);
      console.log(
        `${question.padEnd(42)} ${fmt(percentile(search, 50))} ${fmt(percentile(search, 95))} | ${fmt(percentile(first, 50))} ${fmt(percentile(first, 95))} | ${fmt(percentile(full, 50))} ${fmt(percentile(full, 95))} | ${ratio.toFixed(2).padStart(6)}×`,
      );
    }
  }
  console.log(`first chunk / search (p50): worst ${Math.max(...ratios).toFixed(2)}× (bar: 2×)`);

  const speech = await detectSpeech({});
  if (!speech.stt || !speech.tts) {
    console.log('voice: skipped (espeak-ng and pocketsphinx are not installed)');
  } else {
    console.log(`voice turn (${speech.stt.name} + built-in + ${speech.tts.name}), 5 runs each (ms)`);
    console.log('question                                   speech to text | reply | first audio | last audio');
    const firstAudios: number[] = [];
    for (const question of QUESTIONS.slice(0, 3)) {
      const wav = await speakToWav16k(question);
      const samples = { stt: [] as number[], reply: [] as number[], firstAudio: [] as number[], total: [] as number[] };
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        // As update-voice hears: the business's knowledge read, its language model built on the first turn and cached after.
        const heard = await hearSpeech(speech.stt, wav, { knowledge: await loadSpeechKnowledge(db, businessId) });
        const sttMs = performance.now() - started;
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
          replyMs = performance.now() - started;
        })();
        for await (const audio of speech.tts.speak(timedText))
          if (!firstAudioMs && audio.length > 44) firstAudioMs = performance.now() - started;
        samples.stt.push(sttMs);
        samples.reply.push(replyMs);
        samples.firstAudio.push(firstAudioMs);
        samples.total.push(performance.now() - started);
      }
      firstAudios.push(percentile(samples.firstAudio, 50));
      console.log(
        `${question.padEnd(42)} ${fmt(percentile(samples.stt, 50))}       | ${fmt(percentile(samples.reply, 50))} | ${fmt(percentile(samples.firstAudio, 50))}    | ${fmt(percentile(samples.total, 50))}`,
      );
    }
    console.log(`recording to first audio (p50): worst ${Math.max(...firstAudios).toFixed(0)} ms (bar: 1500 ms)`);
  }
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
