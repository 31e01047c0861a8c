import type { ConversationChannel } from '#contract/schemas/conversation';
import type { ApiDeps } from '#api/deps';
import type { OrderDeps } from '#api/features/orders/service';

/**
 * Whom the assistant's tools (tools.ts) act for: one business and one conversation. The
 * built-in provider calls them directly; the openai-compatible one lets the model call them.
 */
export type ToolScope = {
  businessId: string;
  conversationId: string | null;
  /** The caller, when known (calls and SMS by their number). */
  customerId: string | null;
  channel: ConversationChannel;
};

/** What the tools write through: notes, memories and orders (an order notifies the team); with telephony and mail an appointment is texted to the caller. */
export type ToolDeps = OrderDeps & Partial<Pick<ApiDeps, 'telephony' | 'mailer'>>;
