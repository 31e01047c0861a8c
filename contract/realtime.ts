/**
 * The realtime channel and event catalogue (DESIGN.md "Realtime"; docs/realtime.md).
 * Channel names are ours: the spec leaves them open.
 */
export const userChannel = (userId: string) => `private-user.${userId}`;
export const businessChannel = (businessId: string) => `private-business.${businessId}`;

export const ENTITY_EVENTS = ['Created', 'Updated', 'Deleted'] as const;
export type EntityEventKind = (typeof ENTITY_EVENTS)[number];

/**
 * Entities and the events they publish. Businesses, services, memories, members and
 * systems reload their whole list on any event; customers, calls, smses, forms,
 * notifications and notes update one record; conversations only have Updated (docs/product.md#realtime).
 */
export const REALTIME_ENTITIES = {
  Business: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'list' },
  User: { channel: 'user', events: ['Updated'], reload: 'all' },
  /** Members and pending invitations of a business (spec: any event reloads the list). */
  BusinessUser: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'list' },
  Customer: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  Call: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  Sms: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  Form: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  /** Website chat messages (docs/inbox.md#website-chat), read with the SMS permission. */
  Chat: { channel: 'business', events: ['Created', 'Updated'], reload: 'record' },
  Note: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  Service: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'list' },
  Memory: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'list' },
  /** Telephony, lead catcher and mobile systems (docs/product.md#realtime: any event reloads the list). */
  System: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'list' },
  /** The assistant's scheduled follow-ups and customers' orders: one record changes, as for customers. */
  Action: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  Order: { channel: 'business', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
  /** Appointments (docs/appointments.md): booked, moved and cancelled are Created and Updated. */
  Appointment: { channel: 'business', events: ['Created', 'Updated'], reload: 'record' },
  /** Data loader progress (onboarding step 4). */
  LearningJob: { channel: 'business', events: ['Created', 'Updated'], reload: 'record' },
  /** docs/product.md#realtime: only Updated exists, and it refetches that one conversation. Payload id = conversation id. */
  Conversation: { channel: 'business', events: ['Updated'], reload: 'record' },
  /** A shared-inbox thread's assignee or assistant pause changed (docs/inbox.md). Payload id = the contact's id. */
  InboxThread: { channel: 'business', events: ['Updated'], reload: 'record' },
  /** Per member: on the user's own channel, since each member has their own notifications. */
  Notification: { channel: 'user', events: ['Created', 'Updated', 'Deleted'], reload: 'record' },
} as const satisfies Record<
  string,
  { channel: 'user' | 'business'; events: readonly string[]; reload: 'list' | 'record' | 'all' }
>;

export type RealtimeEntity = keyof typeof REALTIME_ENTITIES;
export type RealtimeEventName = `${RealtimeEntity}${EntityEventKind}`;

/**
 * Every event carries the record's id and nothing else. Everyone on the business channel
 * receives every event, and a record may show what some members may not view (a note, a
 * memory, an SMS): clients refetch through the API, which checks their permissions.
 */
export type RealtimePayload = { id: string };

/** What the browser needs to connect; never holds the secret. */
export type RealtimeClientConfig = {
  key: string;
  cluster: string;
  /** Embedded server: connect to the page's own host and port. */
  embedded: boolean;
  wsHost?: string;
  wsPort?: number;
  forceTLS: boolean;
  authEndpoint: string;
  /** Pusher user authentication (signin): names the connection's user, so signing out ends it. */
  userAuthEndpoint: string;
  activityTimeout: number;
  pongTimeout: number;
  unavailableTimeout: number;
};
