import type { Submission } from '@conform-to/react';
import { data } from '@remix-run/node';
import { messages } from '#contract/messages';
import type { ApiFail } from './api.server';

/**
 * Render an API refusal in place on the form: field_errors go next to their fields
 * (the API names them as conform does, e.g. telephones[0]), anything else above the form.
 */
export function replyWithApiErrors<T>(
  submission: Submission<T>,
  result: ApiFail,
  options: { hideFields?: string[] } = {},
) {
  const fieldErrors = { ...result.fieldErrors };
  const placed = new Set(Object.values(fieldErrors).flat());
  const formErrors = result.errors.filter((error) => !placed.has(error));
  return data(submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields }), {
    status: result.status === 429 ? 429 : 400,
  });
}

export function replyRateLimited<T>(submission: Submission<T>) {
  return data(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
}
