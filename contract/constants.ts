/** docs/product.md#limits: business constants and limits. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const TEXT_MAX = 100;
export const E164_PATTERN = /^\+\d{1,14}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const COLLECTION_PAGE_SIZE = 500;
export const RECENT_CALLS_WINDOW_MS = 3 * 60 * 1000;
export const RECENT_CALLS_LIMIT = 50;
export const TRUNCATE_DEFAULT = 30;
export const TOAST_DEFAULT_TIMEOUT_MS = 5000;
export const STORAGE_KEYS = { selectedBusinessId: 'selectedBusinessId', authToken: 'authToken' } as const;
export const DEFAULT_WIZARD_STEP = 'lookup';
export const SCROLL_WAIT = { pollMs: 500, settleMs: 200 } as const;
export const REALTIME_TIMEOUTS = { activityMs: 120_000, pongMs: 30_000, unavailableMs: 10_000 } as const;
export const HTTP_REQUEST_TIMEOUT_MS = 0;
export const PUBLIC_BASE_PATH = '/';

/** Our own choices where the spec is silent (docs/decisions/003-auth-tokens.md). */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const MOBILE_CODE_TTL_MS = 15 * 60 * 1000;
export const EMAIL_CODE_TTL_MS = 15 * 60 * 1000;
/** An invitation to join a business works for 14 days (re-inviting refreshes it). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/** Truncate text for display; the spec's default length is 30 characters. */
export function truncate(text: string, length: number = TRUNCATE_DEFAULT): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
