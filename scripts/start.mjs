/**
 * `npm start`: build what is older than its sources (the web app, the compiled server), then
 * run the compiled server (which applies migrations before it listens). Plain JavaScript on
 * plain Node: nothing compiles TypeScript while the server runs (docs/decisions/035-…).
 */
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { buildIfStale } from './build-if-stale.mjs';
import { serverBundle } from './build-server.mjs';

// PGlite's WebAssembly (Postgres, 9 MB) runs on V8's baseline compiler only. Its optimising
// tier compiled Postgres's hot functions on V8's worker threads, and their compile memory
// stayed in those threads' malloc arenas: 50-100 MB of RSS, more after load, for no
// measured gain (PGlite's statements used as much or less CPU without it: docs/decisions/055-…).
// It must be set before PGlite compiles its module, so here, before the server is imported.
v8.setFlagsFromString('--liftoff-only');
// After each full GC the heap may grow to 1.5x what it kept, not V8's own factor (up to 4x on a
// machine with this much memory): under a fixed bench:load workload the live heap stayed near
// 70-110 MB and the default let it reach 199-270 MB before collecting (RSS 361-467 MB at its
// peak); with 1.5x the heap stayed under 127 MB (RSS 284 MB), at the same CPU a page and a visit
// within the runs' noise (docs/decisions/058-a-heap-that-grows-by-a-bounded-factor.md). V8 reads
// the flag at each full GC, so setting it here, after the heap was made, takes effect.
v8.setFlagsFromString('--heap-growing-percent=50');

buildIfStale();
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(serverBundle).href);
await main();
