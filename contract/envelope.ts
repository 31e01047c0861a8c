import type { z } from 'zod';
import type { businessSettingsOut } from './v1/business-settings';
import type { customerOut } from './v1/customers';
import type { notificationOut } from './v1/notifications';
import type { serviceOut } from './v1/services';
import type { learningJobOut } from './v1/learning';
import type { knowledgeHitOut, memoryOut } from './v1/memories';
import type { timelineItemOut } from './v1/timeline';
import type { conversationOut, messageOut } from './v1/conversations';
import type { businessListEntryOut, businessOut } from './v1/businesses';
import type { userOut } from './v1/users';

/** The v1 envelope (DESIGN.md "The v1 contract"). */
export type ApiSuccess<T> = { data: T; messages: string[] };
export type ApiFailure = { errors: string[]; field_errors?: Record<string, string[]> };

/** Request headers in docs/product.md#v1-calls, under the lower-case names DESIGN.md fixes. */
export const CLIENT_HEADERS = {
  mode: 'mode',
  platformName: 'platform-name',
  platformType: 'platform-type',
  packageVersion: 'package-version',
  deviceName: 'device-name',
  deviceModel: 'device-model',
  devicePlatform: 'device-platform',
  deviceOsVersion: 'device-os-version',
  appVersion: 'app-version',
  appBuild: 'app-build',
  businessId: 'business-id',
} as const;

export const DEVICE_HEADERS = [
  CLIENT_HEADERS.deviceName,
  CLIENT_HEADERS.deviceModel,
  CLIENT_HEADERS.devicePlatform,
  CLIENT_HEADERS.deviceOsVersion,
  CLIENT_HEADERS.appVersion,
  CLIENT_HEADERS.appBuild,
] as const;

/** Inferred from its response schema in contract/v1/users.ts. */
export type ApiUser = z.output<typeof userOut>;

/** Inferred from their response schemas in contract/v1/businesses.ts. */
export type ApiBusiness = z.output<typeof businessOut>;
export type ApiBusinessListEntry = z.output<typeof businessListEntryOut>;
export type OnboardingState = ApiBusiness['onboarding'];

export type ApiAddress = { line_1?: string; city?: string; state?: string; postcode?: string; country?: string };

/** Inferred from its response schema in contract/v1/customers.ts. */
export type ApiCustomer = z.output<typeof customerOut>;

/** Inferred from its response schema in contract/v1/timeline.ts. */
export type ApiTimelineItem = z.output<typeof timelineItemOut>;

/** Inferred from its response schema in contract/v1/notifications.ts. */
export type ApiNotification = z.output<typeof notificationOut>;

/** Inferred from its response schema in contract/v1/services.ts. */
export type ApiService = z.output<typeof serviceOut>;

/** Inferred from their response schemas in contract/v1/memories.ts. */
export type ApiMemory = z.output<typeof memoryOut>;
export type ApiKnowledgeHit = z.output<typeof knowledgeHitOut>;

/** Inferred from its response schema in contract/v1/learning.ts. */
export type ApiLearningJob = z.output<typeof learningJobOut>;

/** Inferred from their response schemas in contract/v1/conversations.ts. */
export type ApiConversationMessage = z.output<typeof messageOut>;
export type ApiConversation = z.output<typeof conversationOut>;

export type ApiBusinessSettings = z.output<typeof businessSettingsOut>;
