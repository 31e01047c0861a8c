import { z } from 'zod';
import { optionalText, requiredText } from '../fields';
import { messages } from '../messages';
import {
  FREQUENCY_TOO_LONG,
  FREQUENCY_UNITS,
  MAX_FREQUENCY,
  MAX_SERVICE_MINUTES,
  MIN_SERVICE_MINUTES,
  SERVICE_DURATION_INVALID,
  SERVICE_STATUSES,
} from '../service-terms';

export * from '../service-terms';

/**
 * docs/product.md#validation "Service": name, status and frequency required; frequency digits only.
 * Frequency is how often the service recurs, counted in frequency_unit (0 = one-off).
 */
export const serviceSchema = z.object({
  name: requiredText(messages.service.nameRequired, {
    length: 200,
    message: 'Service name must be less than 200 characters.',
  }),
  status: z.enum(SERVICE_STATUSES, { error: messages.service.statusRequired }),
  frequency: z
    .union([z.string(), z.number()], { error: messages.service.frequencyRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: messages.service.frequencyRequired, abort: true })
        .regex(/^\d+$/, { error: messages.service.frequencyNotNumber })
        .transform(Number)
        .pipe(z.number().max(MAX_FREQUENCY.day, { error: FREQUENCY_TOO_LONG })),
    ),
  frequency_unit: z.enum(FREQUENCY_UNITS, { error: 'Service frequency unit must be day, week or month.' }).optional(),
  /** Digits (a form's text or a JSON number); empty or absent = 60 on create, unchanged on update. */
  duration_minutes: z
    .union([z.string(), z.number()], { error: SERVICE_DURATION_INVALID })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .regex(/^\d{1,4}$/, { error: SERVICE_DURATION_INVALID })
        .transform(Number)
        .pipe(
          z
            .number()
            .min(MIN_SERVICE_MINUTES, { error: SERVICE_DURATION_INVALID })
            .max(MAX_SERVICE_MINUTES, { error: SERVICE_DURATION_INVALID }),
        ),
    )
    .optional(),
  description: optionalText(5000),
  price: optionalText(200),
});
export type ServiceInput = z.infer<typeof serviceSchema>;
export const serviceUpdateSchema = serviceSchema.partial();
