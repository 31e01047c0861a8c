import type { ApiInboxMessage } from '#contract/v1/inbox';

/** Who wrote a message, as the inbox says it: the assistant's replies are always marked. */
export function authorName(message: ApiInboxMessage, contactName: string): string {
  if (message.author === 'assistant') return 'Assistant';
  if (message.author === 'member') return message.sent_by?.name ?? 'Team';
  if (message.author === 'business') return 'Sent automatically';
  return contactName || 'Contact';
}

/** "Assistant: " / "You: "-style prefix for a thread's preview line; nothing for the contact's own words. */
export function AuthorLabel({ message, short = false }: { message: ApiInboxMessage; short?: boolean }) {
  if (message.author === 'contact')
    return message.type === 'form' ? <span className="font-medium">Web form: </span> : null;
  const label =
    message.author === 'assistant'
      ? 'Assistant'
      : message.author === 'member'
        ? (message.sent_by?.name ?? 'Team')
        : 'Automatic';
  return (
    <span className="font-medium" data-author={message.author}>
      {label}
      {short ? ': ' : ''}
    </span>
  );
}
