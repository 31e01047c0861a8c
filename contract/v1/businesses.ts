import { z } from 'zod';
import { businessSchema, businessUpdateSchema } from '../schemas/business';
import { businessParams, defineCall } from './define';

/** The business itself: creating it, its details, the onboarding wizard's state, deleting and restoring it. */
const tags = ['Businesses'];

export const businessOut = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    country: z.string(),
    telephones: z.array(z.string()),
    address: z.string().nullable(),
    timezone: z.string(),
    wizard_finished: z.boolean(),
    completed_test_at: z.string().nullable(),
    onboarding: z.object({
      mobile_verified: z.boolean(),
      business_created: z.boolean(),
      data_loaded: z.boolean(),
      training_done: z.boolean(),
      test_completed: z.boolean(),
    }),
    latest_version: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Business' });

/** A business as the user's list of businesses shows it: with what the user may do there (documented as Business and these). */
export const businessListEntryOut = z.intersection(
  businessOut,
  z.object({ permissions: z.array(z.string()), role: z.enum(['admin', 'member']) }),
);

/** Steps 4 and 5 of the onboarding wizard, recorded when given. */
export const onboardBody = z.object({ step: z.enum(['data-loader', 'training-questions']).optional() });

const businessData = z.object({ business: businessOut });
const EDIT_REFUSAL = 'You do not have permission to edit this business';

export const businesses = {
  /** Not yet a business's call: any signed-in user, who becomes its admin and owner. */
  create: defineCall({
    path: 'businesses/create',
    params: z.object({}),
    body: businessSchema,
    response: businessData,
    permission: 'signed-in',
    summary: 'Create a business; the creator becomes its admin',
    tags,
  }),
  update: defineCall({
    path: 'businesses/update/{business_id}',
    params: businessParams,
    body: businessUpdateSchema,
    response: businessData,
    permission: 'businesses/edit',
    refusal: EDIT_REFUSAL,
    summary: 'Update a business (admin or businesses/edit)',
    tags,
  }),
  onboard: defineCall({
    path: 'businesses/onboard/{business_id}',
    params: businessParams,
    body: onboardBody,
    bodyRequired: false,
    response: businessData,
    permission: 'businesses/edit',
    refusal: EDIT_REFUSAL,
    summary: "The business's onboarding state; records step 4 or 5 when given (admin or businesses/edit)",
    tags,
  }),
  completedTest: defineCall({
    path: 'businesses/completed-test/{business_id}',
    params: businessParams,
    response: businessData,
    permission: 'businesses/edit',
    refusal: EDIT_REFUSAL,
    summary: 'Mark the assistant test done: the onboarding wizard is finished (admin or businesses/edit)',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/delete/{business_id}',
    params: businessParams,
    response: businessData,
    permission: 'admin',
    refusal: 'Only an admin can delete this business.',
    summary: 'Delete a business (admin only; soft, can be restored)',
    tags,
  }),
  /**
   * A deleted business has no live membership to check, so the handler finds the caller's
   * membership of the deleted business itself (404 otherwise) and refuses a non-admin.
   */
  restore: defineCall({
    path: 'businesses/restore/{business_id}',
    params: businessParams,
    response: businessData,
    permission: 'signed-in',
    summary: 'Restore a deleted business (admin only)',
    tags,
  }),
};
