// `tsx scripts/start.ts` still starts the app; `npm start` runs scripts/start.mjs with plain Node.
import './start.mjs';
