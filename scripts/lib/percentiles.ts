/**
 * The one way the benchmarks read a set of timings: the nearest-rank value at or below each
 * percentile, so a p99 of 100 samples is the 100th smallest, never interpolated between two.
 */
export type Summary = { count: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** The value at percentile `p` (0–100) of `samples`; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  return atPercentile(sortedCopy(samples), p);
}

/** Count, p50, p95, p99, max and mean of `samples` (NaN for each but the count when there are none). */
export function summarise(samples: readonly number[]): Summary {
  const sorted = sortedCopy(samples);
  return {
    count: sorted.length,
    p50: atPercentile(sorted, 50),
    p95: atPercentile(sorted, 95),
    p99: atPercentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    mean: sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : NaN,
  };
}

const sortedCopy = (samples: readonly number[]) => [...samples].sort((a, b) => a - b);

const atPercentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
