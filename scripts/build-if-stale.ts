/** For the TypeScript scripts (benchmarks): the same check `npm start` makes (build-if-stale.mjs). */
export { buildIfStale } from './build-if-stale.mjs';
