import { redirect, type AppLoadContext } from '@remix-run/node';
import { REPORT_PERIODS, type Report } from '#contract/v1/reports';
import { requireDashboard } from '#app/lib/guard.server';
import { loadFailure } from '#app/lib/invariant.server';
import { v1 } from '#app/lib/v1.server';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period the query string asks for (?period=7|30|90|custom&from&to); 30 days by default. */
export function reportQuery(url: URL) {
  const asked = url.searchParams.get('period') ?? '';
  const period = REPORT_PERIODS.find((key) => key === asked) ?? '30';
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  return { period, from: DATE.test(from) ? from : '', to: DATE.test(to) ? to : '' };
}

/**
 * The report for the page and the CSV route (one v1 call each). A custom period the API
 * refuses comes back as `error` so the page can show it beside the picker.
 */
export async function loadReport(
  request: Request,
  context: AppLoadContext,
): Promise<{ report: Report | null; query: ReturnType<typeof reportQuery>; error: string | null }> {
  const state = await requireDashboard(request, context);
  if (!state.business) throw redirect('/dashboard/onboard/mobile-submit');
  const query = reportQuery(new URL(request.url));
  const body =
    query.period === 'custom'
      ? { period: query.period, ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) }
      : { period: query.period };
  const result = await v1(state.caller, state.business._id).reports.get(body);
  if (result.ok) return { report: result.data.report, query, error: null };
  if (result.status === 422)
    return {
      report: null,
      query,
      error: Object.values(result.fieldErrors).flat()[0] ?? result.errors[0] ?? 'Choose a valid period.',
    };
  return loadFailure(result);
}
