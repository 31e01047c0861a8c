// Types only: PGlite itself is loaded on first use (client.ts), not by importing this.
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

type BackendMessage = { name: string };
type Statement = { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined };

/** Statements kept per database: the hot ones of a server stay; a one-off text falls out. */
export const NAMED_STATEMENTS_KEPT = 200;

/** SQLSTATEs after which a named statement is prepared again, once: it no longer fits the schema, or is gone. */
const STALE_STATEMENT = new Set([
  '0A000', // cached plan must not change result type (a migration changed a table it reads)
  '26000', // prepared statement does not exist
]);

/**
 * PGlite's `query` parses and plans its text on every call (the unnamed statement): about 1 ms
 * of CPU for a list page's statement and 0.3-0.5 ms for the token statement, a tenth of a v1
 * list call. Outside a transaction, a text is parsed once per database as a named statement
 * (PostgreSQL re-plans it itself when a table it reads changes), and each call binds its own
 * values to it and reads its rows afresh: only the statement is kept, never a row. Bind,
 * Execute and Sync go to the database in one message. The statements are the database's, so a
 * new PGlite (a restart) starts with none; the least recently used beyond
 * NAMED_STATEMENTS_KEPT are closed. Calls in a transaction, and calls with a blob or declared
 * parameter types, take PGlite's own path. Both of PGlite's locks are held, as its `query`
 * holds them: no other query and no transaction runs in between.
 */
export async function nameStatementsByText(client: PGlite): Promise<PGlite> {
  const { parse, protocol } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const unnamed = client.query.bind(client);
  const statements = new Map<string, Statement>();
  let closing: string[] = [];
  let counter = 0;

  const exchange = (parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      message.set(part, offset);
      offset += part.length;
    }
    return client.execProtocolStream(message, { syncToFs: false }) as Promise<BackendMessage[]>;
  };

  const prepare = async (text: string): Promise<Statement> => {
    if (statements.size >= NAMED_STATEMENTS_KEPT) {
      const [oldest, statement] = statements.entries().next().value!;
      statements.delete(oldest);
      closing.push(statement.name);
    }
    const name = `pglite_statement_${(counter += 1)}`;
    const closes = closing.map((old) => serialize.close({ type: 'S', name: old }));
    closing = [];
    const messages = await exchange([
      ...closes,
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages as never),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  };

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined, again = true) => {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { paramTypes } = statement;
    const values = params.map((param, i): string | null => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]] ?? client.serializers[paramTypes[i]];
      return serializer ? (serializer(param) as string) : String(param);
    });
    let messages: BackendMessage[];
    try {
      messages = await exchange([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute(),
        serialize.sync(),
      ]);
    } catch (error) {
      // A failed call (a constraint, a bad value) leaves its statement as good as it was.
      if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
      if (statements.get(text) === statement) {
        statements.delete(text);
        closing.push(statement.name);
      }
      if (again) return run<T>(text, params, options, false);
      throw error;
    }
    await client.syncToFs();
    const rows = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(rows as never, client.parsers, options)[0] as Results<T>;
  };

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || options?.paramTypes) return unnamed<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options);
        } catch (error) {
          // As PGlite's own query describes a failed one (drizzle and the logs read these).
          if (error && typeof error === 'object' && 'code' in error)
            Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      }),
    );
  };
  return client;
}
