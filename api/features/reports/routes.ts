import { reports } from '#contract/v1/reports';
import { invalid } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import { buildReport, ReportPeriodError } from '#api/features/reports/service';

/**
 * The report declared in contract/v1/reports.ts (any member). Each section is computed only
 * from what the member may view, so the handler reads the membership's permissions.
 */
export const reportsRouter = serveCalls(reports, {
  get: async (c, { params, body }) => {
    const { db, clock } = c.var.deps;
    const { business, membership } = await loadMembership(db, params.business_id, c.var.auth.user.id);
    const permissions = membership.permissions ?? [];
    try {
      const report = await buildReport(
        db,
        { id: business.id, timezone: business.timezone },
        permissions,
        body,
        clock.now(),
      );
      return { data: { report } };
    } catch (error) {
      if (error instanceof ReportPeriodError) throw invalid({ from: [error.message] });
      throw error;
    }
  },
});
