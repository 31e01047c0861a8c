import type { AppContext } from '../contract/load-context';

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

declare global {
  const __APP_VERSION__: string;
}
