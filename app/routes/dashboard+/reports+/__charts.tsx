import type { FigureTable, HoursTable } from '#app/routes/dashboard+/reports+/__report-tables';

/**
 * Charts drawn on the server as inline SVG (readable without JavaScript and in the native
 * app): role="img" named by a <title> and described by a <desc>, with the same numbers in a
 * visually hidden table beside each chart for screen readers.
 */
/**
 * Text in an SVG is scaled with it: these sizes (in the chart's own units) are set so the
 * labels stay readable (at least 11 px on screen) on a 390 px phone, where the charts shrink,
 * and are smaller from the sm breakpoint up, where they do not. CSS font-size overrides the
 * fontSize attribute, which stays as the fallback.
 */
const LABEL_TEXT = 'text-[15px] sm:text-[13px]';
const VALUE_TEXT = 'text-[14px] sm:text-[12px]';
const MINOR_TEXT = 'text-[13px] sm:text-[11px]';

export function OutcomeBarChart({ table, id }: { table: FigureTable; id: string }) {
  const rows = table.rows.filter((row) => row.unit !== '%' && row.label !== 'All inbound calls');
  const max = Math.max(1, ...rows.flatMap((row) => [row.current ?? 0, row.previous ?? 0]));
  // Each label sits above its bars rather than beside them, so the chart is narrow enough
  // to be drawn near its own size on a phone instead of shrunk to half.
  const rowHeight = 62;
  const barWidth = 290;
  const width = barWidth + 70;
  const height = rows.length * rowHeight + 4;
  const desc = rows.map((row) => `${row.label}: ${row.current ?? 0} (previous period ${row.previous ?? 0})`).join('; ');
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-md"
        data-testid={`${id}-svg`}
      >
        <title id={`${id}-title`}>{table.title}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        {rows.map((row, index) => {
          const y = index * rowHeight;
          const current = ((row.current ?? 0) / max) * barWidth;
          const previous = ((row.previous ?? 0) / max) * barWidth;
          return (
            <g key={row.label} data-label={row.label} data-value={row.current ?? 0}>
              <text x={0} y={y + 15} fontSize="13" fill="#334155" className={LABEL_TEXT}>
                {row.label}
              </text>
              <rect x={0} y={y + 22} width={Math.max(current, 1)} height={18} rx={3} fill="#2563eb" />
              <text x={Math.max(current, 1) + 6} y={y + 36} fontSize="12" fill="#0f172a" className={VALUE_TEXT}>
                {row.current ?? 0}
              </text>
              <rect x={0} y={y + 44} width={Math.max(previous, 1)} height={10} rx={2} fill="#cbd5e1" />
              <text x={Math.max(previous, 1) + 6} y={y + 54} fontSize="11" fill="#64748b" className={MINOR_TEXT}>
                {row.previous ?? 0}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2 w-4 rounded bg-blue-600" /> This period
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-2 w-4 rounded bg-slate-300" /> Previous period
        </span>
      </figcaption>
    </figure>
  );
}

const HOUR_LABELS = [0, 6, 12, 18];
/** The heatmap's 24 columns shrink it to about two thirds on a phone: larger text there. */
const HEATMAP_TEXT = 'text-[18px] sm:text-[11px]';

export function HoursHeatmap({ table, id }: { table: HoursTable; id: string }) {
  const grid = table.grid ?? [];
  const max = Math.max(1, ...grid.flat());
  const cell = 18;
  const left = 46;
  const top = 22;
  const busiest = grid
    .flatMap((row, day) => row.map((count, hour) => ({ day, hour, count })))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((entry) => `${table.days[entry.day]} ${String(entry.hour).padStart(2, '0')}:00 (${entry.count})`);
  return (
    <figure>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${left + 24 * cell + 4} ${top + 7 * cell + 4}`}
        className="h-auto w-full max-w-2xl"
        data-testid={`${id}-svg`}
      >
        <title id={`${id}-title`}>{table.title}</title>
        <desc id={`${id}-desc`}>
          {busiest.length ? `Busiest: ${busiest.join(', ')}.` : 'No inbound activity in this period.'}
        </desc>
        {HOUR_LABELS.map((hour) => (
          <text key={hour} x={left + hour * cell} y={15} fontSize="10" fill="#64748b" className={HEATMAP_TEXT}>
            {`${String(hour).padStart(2, '0')}:00`}
          </text>
        ))}
        {grid.map((row, day) => (
          <g key={table.days[day]}>
            <text x={0} y={top + day * cell + 14} fontSize="11" fill="#334155" className={HEATMAP_TEXT}>
              {table.days[day].slice(0, 3)}
            </text>
            {row.map((count, hour) => (
              <rect
                key={hour}
                x={left + hour * cell}
                y={top + day * cell}
                width={cell - 2}
                height={cell - 2}
                rx={2}
                fill={count ? '#2563eb' : '#f1f5f9'}
                fillOpacity={count ? 0.2 + 0.8 * (count / max) : 1}
                data-count={count}
              >
                <title>{`${table.days[day]} ${String(hour).padStart(2, '0')}:00: ${count}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}
