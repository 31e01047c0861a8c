import type { AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { ApiUser } from '#contract/envelope';
import { v1 } from './v1.server';

export type SignInResult = { token: string; user: ApiUser };

/** Thrown by the strategy with the API's message, shown above the login form. */
export class SignInError extends Error {}

/**
 * remix-auth's form strategy, signing in against v1 users/login. Built per request because
 * the in-process API is reached through this request's load context.
 */
export function createAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<SignInResult>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      // The API checks the fields and answers its own messages.
      const result = await v1({ context, request }).users.login({
        email: form.get('email') as string,
        password: form.get('password') as string,
      });
      if (!result.ok) throw new SignInError(result.errors[0] ?? 'Sign-in failed.');
      return result.data;
    }),
    'form',
  );
  return authenticator;
}
