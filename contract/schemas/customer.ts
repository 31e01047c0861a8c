import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants';
import { optionalText, phoneNumber, requiredText } from '../fields';
import { messages } from '../messages';

import { CUSTOMER_STATUSES } from '../customer-statuses';

/** The statuses live without zod (contract/customer-statuses.ts) for pages that only list them. */
export * from '../customer-statuses';

/** Blank rows of a list input are ignored, so an untouched row is not an error. */
const blankRowsDropped = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .array(z.string().nullish())
    .optional()
    .transform((list) =>
      (list ?? [])
        .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
        .map((value) => value.trim()),
    )
    .pipe(z.array(item));

export const addressSchema = z.object({
  line_1: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postcode: optionalText(20),
  country: optionalText(100),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** docs/product.md#validation "Customer": first_name and status required, every email and phone valid. */
export const customerSchema = z.object({
  first_name: requiredText(messages.customer.firstNameRequired, { length: 100, message: messages.name.tooLong }),
  last_name: optionalText(100),
  status: z.enum(CUSTOMER_STATUSES, { error: messages.customer.statusRequired }),
  emails: blankRowsDropped(
    z
      .string()
      .regex(EMAIL_PATTERN, { error: messages.email.invalid })
      .transform((v) => v.toLowerCase()),
  ),
  // As typed ("07700 900123"), read in the business's country and stored in E.164.
  phones: blankRowsDropped(phoneNumber),
  addresses: z
    .array(addressSchema)
    .optional()
    .transform((list) => (list ?? []).filter((address) => Object.values(address).some(Boolean))),
});
export type CustomerInput = z.infer<typeof customerSchema>;
export const customerUpdateSchema = customerSchema.partial();

export const crmOrderSchema = z.object({
  crm_order: z
    .array(z.enum(CUSTOMER_STATUSES))
    .refine((order) => order.length === CUSTOMER_STATUSES.length && new Set(order).size === order.length, {
      error: `The order must list each status once: ${CUSTOMER_STATUSES.join(', ')}.`,
    }),
});

export const addressLookupSchema = z.object({
  address: requiredText(messages.required, { length: 200, message: 'Address must be less than 200 characters.' }),
});
