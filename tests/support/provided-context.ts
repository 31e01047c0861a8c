/** Values the global setups hand to the test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the fresh PostgreSQL database of this run (postgres project only). */
    testPgUrl: string;
    /** A tar of a migrated PGlite data directory (pglite project only). */
    pgliteSnapshot: string;
  }
}

export {};
