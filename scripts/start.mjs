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

buildIfStale();
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(serverBundle).href);
await main();
