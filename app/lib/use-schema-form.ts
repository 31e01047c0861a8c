import { useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/**
 * One way to build a form: the contract's zod schema gives the native constraints
 * (required, maxlength... for JavaScript off), instant validation in the browser, and the
 * server's answer (lastResult) rendered in place.
 */
export function useSchemaForm<S extends z.ZodObject>(
  id: string,
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { defaultValue?: Record<string, unknown> } = {},
) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    // Validate once the user tries to submit (no error on a field merely tabbed through), then
    // on every keystroke, all in the browser without a round trip.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      return parseWithZod(formData, { schema });
    },
  });
}
