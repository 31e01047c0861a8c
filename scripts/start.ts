/**
 * `npm start`: build the web app when the build is missing or older than its sources,
 * then start the server (which applies migrations before it listens).
 */
import { buildIfStale } from './build-if-stale';

buildIfStale();
process.env.NODE_ENV ??= 'production';
const { main } = await import('../server');
await main();
