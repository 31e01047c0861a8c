import { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps } from '../deps';
import type { users } from '../db/schema';
import { fromZodError, sendError } from './errors';
import { badFormText } from './text-guard';
import type { Membership } from './membership';

export type UserRow = typeof users.$inferSelect;
export type AuthState = { user: UserRow; tokenId: string };

export type ApiEnv = {
  Variables: {
    deps: ApiDeps;
    auth: AuthState;
    /** The caller's membership of the route's business_id (null: none), read with the token (auth.ts). */
    membership?: Membership | null;
  };
};

/**
 * Every router is built the same way: zod failures become the 422 envelope, and so does
 * text no column can hold in a multipart form's fields (text-guard.ts checks the other bodies).
 */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return sendError(c, fromZodError(result.error));
      const bad = result.target === 'form' ? badFormText(result.data) : null;
      if (bad) return sendError(c, bad);
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
