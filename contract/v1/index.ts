import { appointments } from './appointments';
import { crmOrder, customers } from './customers';
import type { V1Call } from './define';
import { businessSettings } from './business-settings';
import { outgoingWebhooks } from './outgoing-webhooks';
import { notifications } from './notifications';
import { orders } from './orders';
import { services } from './services';
import { timeline } from './timeline';
import { learning } from './learning';
import { memories } from './memories';
import { actions } from './actions';
import { notes } from './notes';
import { trainingQuestions } from './training-questions';
import { recentlyDeleted } from './recently-deleted';
import { reports } from './reports';
import { systems } from './systems';
import { inbox } from './inbox';
import { businesses } from './businesses';
import { members } from './members';
import { users } from './users';
import { helpers } from './helpers';
import { broadcasting } from './broadcasting';
import { calls, forms, smses } from './system-items';
import { dev } from './dev';
import { conversations } from './conversations';

/**
 * Every declared v1 call, by feature. Features not yet here are still declared in their
 * api/resources router (docs/architecture.md "Adding a v1 call" lists which).
 */
export const v1Calls = {
  customers,
  crmOrder,
  services,
  orders,
  notifications,
  appointments,
  memories,
  trainingQuestions,
  learning,
  timeline,
  notes,
  calls,
  smses,
  forms,
  dev,
  conversations,
  actions,
  outgoingWebhooks,
  businessSettings,
  recentlyDeleted,
  reports,
  systems,
  inbox,
  businesses,
  members,
  users,
  helpers,
  broadcasting,
} satisfies Record<string, Record<string, V1Call>>;
export type V1Calls = typeof v1Calls;

/** The declarations as a flat list (the permission matrix and the route map read it). */
export const allV1Calls: V1Call[] = Object.values(v1Calls).flatMap((feature) => Object.values(feature));
