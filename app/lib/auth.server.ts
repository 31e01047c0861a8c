import type { AppLoadContext } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { ApiUser } from '#contract/envelope';
import { apiCall } from './api.server';

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
      const result = await apiCall<SignInResult>({ context, request }, 'users/login', {
        email: form.get('email'),
        password: form.get('password'),
      });
      if (!result.ok) throw new SignInError(result.errors[0] ?? 'Sign-in failed.');
      return result.data;
    }),
    'form',
  );
  return authenticator;
}
