// The extraction worker's entry, in plain JavaScript so that any Node can start it (the server
// under tsx, vitest, or plain node): it registers tsx for this thread, then loads the
// TypeScript worker. Worker threads do not inherit the parent's module hooks on Node 20.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
