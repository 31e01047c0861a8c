import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiFailure } from '#contract/envelope';

/** Thrown anywhere in a handler; the app's error handler turns it into the v1 error envelope. */
export class ApiError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly errors: string[],
    public readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(errors[0] ?? 'Request failed');
    this.name = 'ApiError';
  }
}

export const unauthorized = () => new ApiError(401, ['You are not signed in, or your session has expired.']);
export const forbidden = (message = 'You do not have permission to do this.') => new ApiError(403, [message]);
export const notFound = (what = 'The record') => new ApiError(404, [`${what} was not found.`]);

export function invalid(fieldErrors: Record<string, string[]>): ApiError {
  const errors = [...new Set(Object.values(fieldErrors).flat())];
  return new ApiError(422, errors, fieldErrors);
}

/** Field names in the form conform uses (telephones[0]), so a form maps them directly. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number') return `${name}[${segment}]`;
    return name ? `${name}.${String(segment)}` : String(segment);
  }, '');
}

export function fromZodError(error: z.ZodError): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = fieldName(issue.path) || '_';
    (fieldErrors[name] ??= []).push(issue.message);
  }
  return invalid(fieldErrors);
}

export function errorBody(error: ApiError): ApiFailure {
  return error.fieldErrors ? { errors: error.errors, field_errors: error.fieldErrors } : { errors: error.errors };
}

export function sendError(c: Context, error: ApiError) {
  return c.json(errorBody(error), error.status);
}
