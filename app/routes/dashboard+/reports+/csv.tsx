import type { LoaderFunctionArgs } from '@remix-run/node';
import { isReportTable, reportTables, tableCsv } from '#app/routes/dashboard+/reports+/__report-tables';
import { loadReport } from '#app/routes/dashboard+/reports+/__reports.server';

/** One report table as CSV (?table=calls|messages|contacts|tasks|questions|hours&period=…): the page's own numbers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const table = new URL(request.url).searchParams.get('table');
  if (!isReportTable(table))
    return new Response('Unknown table.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const { report, error } = await loadReport(request, context);
  if (!report)
    return new Response(`${error}\n`, { status: 422, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const csv = tableCsv(reportTables(report)[table], report);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="report-${table}-${report.period.from}-to-${report.period.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
