import { describe, expect, it } from 'vitest';
import { pageAndTotal } from '#api/lib/list';

/** A list of `size` rows read as SQL would: `limit` rows from `offset`; counts how often the total is counted. */
function list(size: number) {
  const rows = Array.from({ length: size }, (_, index) => index);
  const calls = { counts: 0 };
  const read = (offset: number) => async (limit: number) => rows.slice(offset, offset + limit);
  const count = async () => {
    calls.counts += 1;
    return size;
  };
  return { read, count, calls };
}

describe('pageAndTotal', () => {
  it('a page that ends the list gives the total without counting', async () => {
    const { read, count, calls } = list(500);
    const result = await pageAndTotal({ limit: 500, offset: 0 }, read(0), count);
    expect(result.rows).toHaveLength(500);
    expect(result.total).toBe(500);
    expect(calls.counts).toBe(0);
  });

  it('a later page that ends the list: its offset plus its rows', async () => {
    const { read, count, calls } = list(120);
    const result = await pageAndTotal({ limit: 50, offset: 100 }, read(100), count);
    expect(result.rows).toEqual(Array.from({ length: 20 }, (_, index) => 100 + index));
    expect(result.total).toBe(120);
    expect(calls.counts).toBe(0);
  });

  it('a full page with more after it counts, and answers only the page', async () => {
    const { read, count, calls } = list(501);
    const result = await pageAndTotal({ limit: 500, offset: 0 }, read(0), count);
    expect(result.rows).toHaveLength(500);
    expect(result.total).toBe(501);
    expect(calls.counts).toBe(1);
  });

  it('a page past the end counts (the offset alone says nothing)', async () => {
    const { read, count, calls } = list(30);
    const result = await pageAndTotal({ limit: 50, offset: 100 }, read(100), count);
    expect(result.rows).toEqual([]);
    expect(result.total).toBe(30);
    expect(calls.counts).toBe(1);
  });

  it('an empty list is 0 without counting', async () => {
    const { read, count, calls } = list(0);
    expect(await pageAndTotal({ limit: 50, offset: 0 }, read(0), count)).toEqual({ rows: [], total: 0 });
    expect(calls.counts).toBe(0);
  });
});
