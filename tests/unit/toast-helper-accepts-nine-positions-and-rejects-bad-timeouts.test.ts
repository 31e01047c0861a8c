import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_TIMEOUT_MS } from '#contract/constants';
import { createToast, TOAST_POSITIONS, toastsForApiResult } from '#contract/toast';

describe('createToast', () => {
  it('accepts each of the nine positions', () => {
    expect(TOAST_POSITIONS).toHaveLength(9);
    expect(new Set(TOAST_POSITIONS).size).toBe(9);
    for (const position of TOAST_POSITIONS) expect(createToast({ message: 'Hi', position }).position).toBe(position);
  });

  it("defaults to position 'bottom' and a 5000 ms timeout", () => {
    const toast = createToast({ message: 'Saved.' });
    expect(toast.position).toBe('bottom');
    expect(toast.timeout).toBe(5000);
    expect(TOAST_DEFAULT_TIMEOUT_MS).toBe(5000);
  });

  it('keeps the message and type, and gives every toast its own id', () => {
    const a = createToast({ message: 'One', type: 'success' });
    const b = createToast({ message: 'Two', type: 'error' });
    expect(a).toMatchObject({ message: 'One', type: 'success' });
    expect(b).toMatchObject({ message: 'Two', type: 'error' });
    expect(a.id).not.toBe(b.id);
  });

  it('rejects an unknown position', () => {
    for (const position of ['middle', 'Bottom', 'top-center', '']) {
      expect(() => createToast({ message: 'x', position }), position).toThrow(/position/i);
    }
  });

  it('rejects a negative timeout', () => {
    expect(() => createToast({ message: 'x', timeout: -1 })).toThrow(RangeError);
    expect(() => createToast({ message: 'x', timeout: -5000 })).toThrow(/negative/);
  });

  it('rejects a non-numeric timeout', () => {
    for (const timeout of ['abc', NaN, '5000', {}, true]) {
      expect(() => createToast({ message: 'x', timeout }), String(timeout)).toThrow(TypeError);
    }
  });

  it('accepts a zero or custom timeout', () => {
    expect(createToast({ message: 'x', timeout: 0 }).timeout).toBe(0);
    expect(createToast({ message: 'x', timeout: 1200 }).timeout).toBe(1200);
  });
});

describe('toastsForApiResult', () => {
  it('turns messages into success toasts and errors into error toasts', () => {
    const toasts = toastsForApiResult('businesses/customers/b1/create', {
      messages: ['Customer created.'],
      errors: ['Oops.'],
    });
    expect(toasts.map(({ type, message, position }) => ({ type, message, position }))).toEqual([
      { type: 'success', message: 'Customer created.', position: 'bottom' },
      { type: 'error', message: 'Oops.', position: 'bottom' },
    ]);
  });

  it('gives none for paths containing /list', () => {
    expect(toastsForApiResult('businesses/customers/b1/list', { messages: ['Loaded.'], errors: ['Failed.'] })).toEqual(
      [],
    );
    expect(toastsForApiResult('businesses/notifications/b1/list-not-dismissed', { errors: ['Failed.'] })).toEqual([]);
    expect(toastsForApiResult('users/list-businesses', { messages: ['x'] })).toEqual([]);
  });

  it('gives none when there is nothing to say', () => {
    expect(toastsForApiResult('users/get', {})).toEqual([]);
  });
});
