import { TOAST_DEFAULT_TIMEOUT_MS } from './constants';

/** The toast helper's nine allowed positions (docs/product.md#toasts); default bottom. */
export const TOAST_POSITIONS = [
  'top-left',
  'top',
  'top-right',
  'center-left',
  'center',
  'center-right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;

export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export type ToastType = 'success' | 'error' | 'info';

export type Toast = {
  id: string;
  type: ToastType;
  message: string;
  position: ToastPosition;
  timeout: number;
};

export type ToastInput = {
  message: string;
  type?: ToastType;
  position?: string;
  timeout?: unknown;
};

let counter = 0;

/**
 * Build a toast, rejecting an unknown position and a negative or non-numeric timeout
 * (docs/product.md#toasts). Throws a RangeError/TypeError so a caller's
 * mistake surfaces in development instead of showing a toast nowhere.
 */
export function createToast(input: ToastInput): Toast {
  const position = input.position ?? 'bottom';
  if (!(TOAST_POSITIONS as readonly string[]).includes(position)) {
    throw new RangeError(`Unknown toast position "${position}". Use one of: ${TOAST_POSITIONS.join(', ')}.`);
  }
  const timeout = input.timeout ?? TOAST_DEFAULT_TIMEOUT_MS;
  if (typeof timeout !== 'number' || Number.isNaN(timeout)) {
    throw new TypeError(`Toast timeout must be a number of milliseconds, got ${JSON.stringify(timeout)}.`);
  }
  if (timeout < 0) {
    throw new RangeError(`Toast timeout must not be negative, got ${timeout}.`);
  }
  counter += 1;
  return {
    id: `${Date.now().toString(36)}-${counter}`,
    type: input.type ?? 'info',
    message: input.message,
    position: position as ToastPosition,
    timeout,
  };
}

/**
 * docs/product.md#toasts: an API answer's `messages` become success toasts, its `errors` error
 * toasts; calls whose path contains /list show none.
 */
export function toastsForApiResult(path: string, result: { messages?: string[]; errors?: string[] }): Toast[] {
  if (path.includes('/list')) return [];
  return [
    ...(result.messages ?? []).map((message) => createToast({ message, type: 'success' })),
    ...(result.errors ?? []).map((message) => createToast({ message, type: 'error' })),
  ];
}
