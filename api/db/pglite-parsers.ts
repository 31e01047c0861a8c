// Types only: PGlite itself is loaded on first use (client.ts), not by importing this.
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;
const asText: Parser = (value) => value;

/**
 * The parsers drizzle-orm/pglite hands PGlite with every query: dates, timestamps, intervals
 * and numeric[] stay text, which drizzle's columns map themselves.
 */
export const DRIZZLE_PARSERS: Record<number, Parser> = {
  1114: asText, // timestamp
  1184: asText, // timestamptz
  1186: asText, // interval
  1082: asText, // date
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};
const KNOWN = new Set(Object.keys(DRIZZLE_PARSERS));

/**
 * The query's options without its parsers when they are drizzle's (then installed on the client
 * already, so they mean nothing more); anything else is passed on as it came.
 */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== KNOWN.size || !keys.every((key) => KNOWN.has(key))) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

/**
 * PGlite merges a query's own parsers into a copy of its whole parser table, one entry per
 * array type of the database: about 350 once the schema is migrated, and copying them cost
 * about 3 ms of CPU per statement, most of a small statement's cost (0.4 ms in a fresh
 * in-memory database, whose table was read before the migrations). drizzle passes the same
 * parsers every time, so they go into the client's table once, when it is ready (its array
 * types are read then, over any given to the constructor), and come off each query, in and
 * out of transactions. The rows are the same: the same parsers apply.
 */
export async function installParsersOnce(client: PGlite): Promise<PGlite> {
  await client.waitReady;
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    query<T>(text, params, withoutDrizzleParsers(options));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      // The transaction's own methods and state stay its own; only its query is leaner.
      const leanTx: Transaction = Object.create(tx);
      leanTx.query = <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        tx.query<R>(text, params, withoutDrizzleParsers(options));
      return callback(leanTx);
    });
  return client;
}
