import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepsScrollPosition, waitUntilSettled } from '../../app/lib/scroll-wait';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the scroll wait after a navigation (spec section 2)', () => {
  it('scrolls 200 ms after the first 500 ms check that finds nothing loading', () => {
    const scroll = vi.fn();
    waitUntilSettled(() => false, scroll);
    vi.advanceTimersByTime(699);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scroll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('re-checks every 500 ms while data is still loading', () => {
    let busy = true;
    const isBusy = vi.fn(() => busy);
    const scroll = vi.fn();
    waitUntilSettled(isBusy, scroll);
    vi.advanceTimersByTime(1_500);
    expect(isBusy).toHaveBeenCalledTimes(3);
    expect(scroll).not.toHaveBeenCalled();
    busy = false;
    // The check at 2000 ms finds it idle; the scroll follows 200 ms later.
    vi.advanceTimersByTime(500);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(199);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('goes back to re-checking when loading starts again while settling', () => {
    let busy = false;
    const scroll = vi.fn();
    waitUntilSettled(() => busy, scroll);
    vi.advanceTimersByTime(500);
    busy = true;
    vi.advanceTimersByTime(200);
    expect(scroll).not.toHaveBeenCalled();
    busy = false;
    // Next checks at 1200 ms, then the settle of 200 ms.
    vi.advanceTimersByTime(500);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the user navigated again)', () => {
    const scroll = vi.fn();
    const cancel = waitUntilSettled(() => false, scroll);
    vi.advanceTimersByTime(600);
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(scroll).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the saved position on routes whose handle says scroll: false', () => {
    expect(keepsScrollPosition([undefined, { scroll: false }])).toBe(true);
    expect(keepsScrollPosition([{ keepScroll: true }])).toBe(true);
    expect(keepsScrollPosition([undefined, { scroll: true }, { hideFooter: true }])).toBe(false);
  });
});
