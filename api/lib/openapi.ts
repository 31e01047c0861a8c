import { z } from '@hono/zod-openapi';

/** Request/response pieces every route shares, so each route definition stays short. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/** A public body a page's plain form post may also send (the lead catcher's form and chat). */
export function jsonOrFormBody<T extends z.ZodType>(schema: T) {
  return {
    content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
  } as const;
}

const errorEnvelope = z
  .object({
    errors: z.array(z.string()),
    field_errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});

export function envelope<T extends z.ZodType>(data: T, description = 'Success') {
  return {
    200: {
      description,
      content: { 'application/json': { schema: z.object({ data, messages: z.array(z.string()) }) } },
    },
    401: errorResponse('Not signed in, or the token expired or was revoked'),
    403: errorResponse('The caller lacks the permission'),
    404: errorResponse("Not found, or not in one of the caller's businesses"),
    422: errorResponse('Validation failed'),
    429: errorResponse('Too many attempts'),
  } as const;
}

export const businessIdParam = z.object({
  business_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'business_id', in: 'path' } }),
});

export const bearer = [{ bearerAuth: [] }];

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    mobile_verified: z.boolean(),
    onesignal_user_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('User');
