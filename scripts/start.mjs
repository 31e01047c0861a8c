/**
 * `npm start`: build what is older than its sources (the web app, the compiled server), then
 * run the compiled server (which applies migrations before it listens). Plain JavaScript on
 * plain Node: nothing compiles TypeScript while the server runs (docs/decisions/035-…).
 */
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { serverBundle } from './build-server.mjs';

buildIfStale();
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(serverBundle).href);
await main();
