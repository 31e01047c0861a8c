/**
 * `npm run eval:voice [--before] [--questions N | --all] [--business key,key] [--threshold T] [--verbose]`: the spoken
 * evaluation (eval/voice/run.ts) over the evaluation businesses. Prints, per business and
 * condition, word error rate, answer accuracy beside the text accuracy, say-again and owner
 * questions (garbled ones counted), and exits 1 when a business is below the bar.
 * --before decodes with the recogniser's generic model instead of the business's (the figure
 * before business language models); --questions N takes N questions per business (default
 * 16, evenly spread), --all every one; --threshold T gates with confidence T instead of the
 * product's CONFIDENCE_THRESHOLD (to calibrate the gate: say-again against garbled owner questions). Needs espeak-ng, pocketsphinx, pocketsphinx-en-us and sox.
 */
import { openDatabase } from '../api/db/client';
import { detectEmbeddedSpeech } from '../api/services/speech/index';
import { BUSINESSES } from '../eval/assistant/businesses';
import { cleanUpAudio } from '../eval/voice/speak';
import { formatVoiceReport, meetsVoiceBar, runVoiceEval } from '../eval/voice/run';
import { option } from './lib/cli-options';

const args = process.argv.slice(2);
const before = args.includes('--before');
const verbose = args.includes('--verbose') || args.includes('-v');
const questions = args.includes('--all') ? 0 : option('questions', 'EVAL_VOICE_QUESTIONS', 16);
const thresholdArgument = args.includes('--threshold') ? Number(args[args.indexOf('--threshold') + 1]) : undefined;
if (thresholdArgument !== undefined && !(thresholdArgument >= 0 && thresholdArgument <= 1))
  throw new Error('--threshold must be a confidence between 0 and 1');
const only = args.includes('--business') ? args[args.indexOf('--business') + 1]?.split(',') : undefined;

const speech = await detectEmbeddedSpeech();
if (!speech.stt || !speech.tts) {
  console.error(
    'eval:voice needs espeak-ng, pocketsphinx and pocketsphinx-en-us (apt-get install espeak-ng pocketsphinx pocketsphinx-en-us sox).',
  );
  process.exit(1);
}
const businesses = BUSINESSES.filter((business) => !only || only.includes(business.key));
const database = await openDatabase({ databaseUrl: process.env.EVAL_DATABASE_URL, dataDir: 'memory://' });
try {
  const reports = await runVoiceEval(database.db, businesses, {
    stt: speech.stt,
    businessModel: !before,
    questionsPerBusiness: questions || undefined,
    confidenceThreshold: thresholdArgument,
    onProgress: (done, total) => process.stderr.write(`\r${done}/${total} utterances`),
  });
  process.stderr.write('\n');
  console.log(
    formatVoiceReport(reports, {
      verbose,
      label: `${before ? 'generic model' : 'business language models'}${thresholdArgument === undefined ? '' : `, gate at ${thresholdArgument}`}`,
    }),
  );
  process.exitCode = reports.every(meetsVoiceBar) ? 0 : 1;
} finally {
  await cleanUpAudio();
  await database.close();
}
