/** `npm run dev`: the same server with Vite in middleware mode for hot reload. */
process.env.NODE_ENV ??= 'development';
const { main } = await import('../server');
await main({ development: true });
export {};
