import { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps } from '../deps';
import type { users } from '../db/schema';
import { fromZodError, sendError } from './errors';

export type UserRow = typeof users.$inferSelect;
export type AuthState = { user: UserRow; tokenId: string };

export type ApiEnv = {
  Variables: {
    deps: ApiDeps;
    auth: AuthState;
  };
};

/** Every router is built the same way: zod failures become the 422 envelope. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return sendError(c, fromZodError(result.error));
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
