import { createRoute, z } from '@hono/zod-openapi';
import { calendarDateSchema } from '#contract/dates';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { invalid } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { optionalJsonBody, parseWith } from '../timeline/schemas';
import { buildReport, REPORT_PERIODS, ReportPeriodError, type ReportPeriodKey } from '#api/services/reports';

const date = calendarDateSchema('Use a date like 2026-01-31.');
const reportBody = z
  .object({
    period: z.enum(REPORT_PERIODS as [ReportPeriodKey, ...ReportPeriodKey[]]).default('30'),
    from: date.optional(),
    to: date.optional(),
  })
  .openapi('ReportRequest');

const pair = z
  .object({
    current: z.record(z.string(), z.number().nullable()),
    previous: z.record(z.string(), z.number().nullable()),
  })
  .nullable();
const reportData = z
  .object({
    report: z.object({
      period: z.object({
        key: z.string(),
        from: z.string(),
        to: z.string(),
        days: z.number(),
        previous_from: z.string(),
        previous_to: z.string(),
        timezone: z.string(),
      }),
      calls: pair,
      sms: pair,
      forms: pair,
      contacts: pair,
      tasks: pair,
      questions: pair,
      answer_rate: pair,
      hours: z.array(z.array(z.number())).nullable(),
      hours_types: z.array(z.string()),
      restricted: z.record(z.string(), z.string()),
      empty: z.boolean(),
    }),
  })
  .openapi('ReportData');

/**
 * Reports: any member may ask; each section is computed only from what the member
 * may view (calls/view, smses/view, forms/view, customers/view, notes/view, memories/view),
 * the others come back null with the refusal in `restricted`.
 */
export const reportsRouter = createRouter().openapi(
  createRoute({
    tags: ['Reports'],
    security: bearer,
    middleware: [requireAuth],
    method: 'post',
    path: '/businesses/reports/{business_id}/get',
    summary:
      'The report for a period (7, 30, 90 days or custom from..to, business timezone) beside the previous period of equal length',
    request: { params: businessIdParam, body: optionalJsonBody(reportBody) },
    responses: envelope(reportData),
  }),
  async (c) => {
    const { db, clock } = c.var.deps;
    const { business_id } = c.req.valid('param');
    const { business, membership } = await loadMembership(db, business_id, c.var.auth.user.id);
    const input = parseWith(reportBody, c.req.valid('json'));
    try {
      const report = await buildReport(
        db,
        { id: business.id, timezone: business.timezone },
        membership.permissions ?? [],
        input,
        clock.now(),
      );
      return ok(c, { report });
    } catch (error) {
      if (error instanceof ReportPeriodError) throw invalid({ from: [error.message] });
      throw error;
    }
  },
);
