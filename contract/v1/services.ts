import { z } from 'zod';
import { listFiltersSchema, listSearchSchema, statusFilterSchema } from '../schemas/list';
import { FREQUENCY_UNITS, SERVICE_STATUSES, serviceSchema, serviceUpdateSchema } from '../schemas/service';
import { businessParams, defineCall, idParams } from './define';

/** Services (docs/product.md#entities, #validation, #v1-calls): list, get, create, update, delete (soft), restore. */
const tags = ['Services'];
const serviceParams = idParams('service_id');

export const serviceOut = z
  .object({
    _id: z.string(),
    name: z.string(),
    status: z.string(),
    frequency: z.number().meta({ description: 'How many frequency_units between visits; 0 = one-off' }),
    frequency_unit: z
      .enum(FREQUENCY_UNITS)
      .meta({ description: 'What frequency counts: day, week or month (days when a request leaves it out)' }),
    duration_minutes: z
      .number()
      .meta({ description: 'How long a visit lasts, in minutes (5–1440; 60 when a create leaves it out)' }),
    description: z.string().nullable(),
    price: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Service' });

/** Generic list filters (sort_by name|created_at|updated_at|status|frequency), plus search and status. */
export const serviceListBody = listFiltersSchema.extend({
  search: listSearchSchema,
  status: statusFilterSchema(SERVICE_STATUSES),
});

/** The API answers description/price null when there is none, so a client may send that back (null or '' clears). */
const clearable = (max: number) => z.string().trim().max(max).nullish();
export const serviceCreateBody = serviceSchema.extend({ description: clearable(5000), price: clearable(200) });
export const serviceUpdateBody = serviceUpdateSchema.extend({ description: clearable(5000), price: clearable(200) });

const serviceData = z.object({ service: serviceOut });

export const services = {
  list: defineCall({
    path: 'businesses/services/{business_id}/list',
    params: businessParams,
    body: serviceListBody,
    bodyRequired: false,
    response: z.object({ services: z.array(serviceOut), total: z.number(), page: z.number(), limit: z.number() }),
    permission: 'services/view',
    summary:
      'List services: paged, newest first by default, sortable by name|created_at|updated_at|status|frequency, searchable, filterable by status and created_at',
    tags,
  }),
  get: defineCall({
    path: 'businesses/services/{business_id}/get/{service_id}',
    params: serviceParams,
    response: serviceData,
    permission: 'services/view',
    summary: 'One service',
    tags,
  }),
  create: defineCall({
    path: 'businesses/services/{business_id}/create',
    params: businessParams,
    body: serviceCreateBody,
    response: serviceData,
    permission: 'services/edit',
    summary: 'Create a service',
    tags,
  }),
  update: defineCall({
    path: 'businesses/services/{business_id}/update/{service_id}',
    params: serviceParams,
    body: serviceUpdateBody,
    response: serviceData,
    permission: 'services/edit',
    summary: 'Update a service (only the fields sent)',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/services/{business_id}/delete/{service_id}',
    params: serviceParams,
    response: serviceData,
    permission: 'services/edit',
    summary: 'Delete a service (soft; restore brings it back)',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/services/{business_id}/restore/{service_id}',
    params: serviceParams,
    response: serviceData,
    permission: 'services/edit',
    summary: 'Restore a deleted service',
    tags,
  }),
};
