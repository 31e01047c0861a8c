import { z } from 'zod';
import { optionalText, requiredText } from '../fields';
import { messages } from '../messages';

/** Service statuses: active (offered; the assistant quotes it) or inactive (kept, not offered). */
export const SERVICE_STATUSES = ['active', 'inactive'] as const;
export const SERVICE_STATUS_LABELS: Record<(typeof SERVICE_STATUSES)[number], string> = { active: 'Active', inactive: 'Inactive' };

/**
 * Spec section 5 "Service": name, status and frequency required; frequency digits only.
 * Frequency is how often the service recurs, in days (0 = one-off).
 */
export const serviceSchema = z.object({
  name: requiredText(messages.service.nameRequired, { length: 200, message: 'Service name must be less than 200 characters.' }),
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
        .pipe(z.number().max(36500, { error: 'Service frequency must be at most 36500 days.' })),
    ),
  description: optionalText(5000),
  price: optionalText(200),
});
export type ServiceInput = z.infer<typeof serviceSchema>;
export const serviceUpdateSchema = serviceSchema.partial();
