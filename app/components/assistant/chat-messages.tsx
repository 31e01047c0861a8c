import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ApiConversationMessage } from '#contract/envelope';
import {
  actionHref,
  actionLabel,
  sourceHref,
  sourceLabel,
  type ChatLinks,
  type CorrectionReply,
} from '#app/lib/assistant';
import { ErrorList, SubmitButton } from '../forms';
import type { ChatTurn } from './use-assistant-chat';

/** Marks the message box that stays at the bottom of the screen (sticky) over the messages. */
export const CHAT_DOCK = 'data-chat-dock';

/** The conversation, oldest first, with the turn in flight at the end. */
export function ChatMessages({
  messages,
  turn,
  links,
  timeZone,
  emptyText,
  correction,
  speaker = 'You',
}: {
  messages: ApiConversationMessage[];
  turn: ChatTurn | null;
  links: ChatLinks;
  timeZone: string;
  emptyText?: ReactNode;
  /** Under each answer: "Correct this answer" (for members who may edit memories). */
  correction?: { action: string; reply?: CorrectionReply | null } | null;
  /** Who wrote the messages that are not the assistant's: the member, or in a customer's conversation the customer. */
  speaker?: string;
}) {
  const shown = turn ? messages.slice(0, turn.baseline) : messages;
  const end = useRef<HTMLDivElement>(null);
  const last = shown[shown.length - 1];
  // Keep the newest message in view as the conversation grows and the reply streams in:
  // above the message box, which stays at the bottom of the screen over the page (CHAT_DOCK),
  // so the scroll leaves its height free below the last message.
  useEffect(() => {
    const target = end.current;
    if (!target) return;
    const dock = document.querySelector<HTMLElement>(`[${CHAT_DOCK}]`);
    target.style.scrollMarginBottom = `${(dock?.getBoundingClientRect().height ?? 0) + 16}px`;
    target.scrollIntoView({ block: 'nearest' });
  }, [shown.length, last?.content, turn?.reply, turn?.user]);

  return (
    <div className="flex flex-col gap-4" data-testid="chat-messages">
      {shown.length === 0 && !turn ? (
        <p className="py-6 text-center text-sm text-slate-600" data-testid="chat-empty">
          {emptyText ?? 'No messages yet. Ask the assistant anything about your business.'}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {shown.map((message, index) => (
          <li key={message.id}>
            <MessageBubble message={message} links={links} timeZone={timeZone} speaker={speaker}>
              {correction && message.role === 'assistant' && message.status === 'complete' ? (
                <CorrectionForm
                  action={correction.action}
                  message={message}
                  question={askedBefore(shown, index)}
                  reply={correction.reply}
                />
              ) : null}
            </MessageBubble>
          </li>
        ))}
        {turn?.user ? (
          <li>
            <Bubble role="user" testId="pending-message">
              <p className="whitespace-pre-wrap">{turn.user}</p>
              {turn.fromVoice ? <p className="mt-1 text-xs text-brand-100">Heard from your voice</p> : null}
            </Bubble>
          </li>
        ) : null}
        {turn ? (
          <li>
            <Bubble
              role="assistant"
              testId="streaming-reply"
              busy={turn.phase !== 'done' && turn.phase !== 'failed'}
              extra={{ 'data-chunks': turn.chunks, 'data-phase': turn.phase }}
            >
              {turn.reply ? (
                <p className="whitespace-pre-wrap" data-testid="streaming-text">
                  {turn.reply}
                </p>
              ) : (
                <p className="text-slate-500">
                  {turn.phase === 'speaking' ? 'Speaking…' : turn.phase === 'failed' ? 'No reply.' : 'Thinking…'}
                </p>
              )}
            </Bubble>
          </li>
        ) : null}
      </ol>
      <div ref={end} />
    </div>
  );
}

/** The member's question an answer replied to: the closest user message before it. */
function askedBefore(messages: ApiConversationMessage[], index: number): string | null {
  for (let i = index - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return null;
}

function Bubble({
  role,
  children,
  testId,
  busy,
  extra,
  speaker = 'You',
}: {
  role: 'user' | 'assistant';
  speaker?: string;
  children: ReactNode;
  testId: string;
  busy?: boolean;
  extra?: Record<string, string | number>;
}) {
  const mine = role === 'user';
  return (
    <article
      className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}
      data-testid={testId}
      data-role={role}
      aria-busy={busy || undefined}
      aria-live={busy ? 'polite' : undefined}
      {...extra}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200'}`}
      >
        <span className="sr-only" data-testid="message-speaker">
          {mine ? `${speaker}:` : 'The assistant:'}
        </span>
        {children}
      </div>
    </article>
  );
}

function MessageBubble({
  message,
  links,
  timeZone,
  speaker,
  children,
}: {
  message: ApiConversationMessage;
  links: ChatLinks;
  timeZone: string;
  speaker: string;
  children?: ReactNode;
}) {
  const sources = uniqueSources(message.sources ?? []);
  return (
    <div
      className="flex flex-col gap-1"
      data-testid="chat-message"
      data-message-id={message.id}
      data-role={message.role}
      data-status={message.status}
    >
      <Bubble role={message.role} testId="message-bubble" busy={message.status === 'streaming'} speaker={speaker}>
        <p className="whitespace-pre-wrap" data-testid="message-content">
          {message.content || (message.status === 'streaming' ? '…' : '')}
        </p>
        {message.status === 'failed' ? (
          <p className="mt-1 text-sm text-red-700">This reply could not be finished.</p>
        ) : null}
        {message.from_voice ? (
          <p className={`mt-1 text-xs ${message.role === 'user' ? 'text-brand-100' : 'text-slate-500'}`}>Spoken</p>
        ) : null}
      </Bubble>
      <div
        className={`flex flex-col gap-1 px-1 text-xs text-slate-500 ${message.role === 'user' ? 'items-end' : 'items-start'}`}
      >
        <time dateTime={message.created_at}>{clock(message.created_at, timeZone)}</time>
        {sources.length > 0 ? (
          <p data-testid="message-sources">
            From:{' '}
            {sources.map((source, index) => {
              const href = sourceHref(source, links);
              const label = sourceLabel(source);
              return (
                <span key={`${source.kind}:${source._id ?? source.type}:${index}`}>
                  {index > 0 ? ', ' : null}
                  {href ? (
                    <Link to={href} className="font-medium text-brand-600 underline" data-testid="message-source">
                      {label}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-700" data-testid="message-source">
                      {label}
                    </span>
                  )}
                </span>
              );
            })}
          </p>
        ) : null}
        {message.actions?.length ? (
          <ul className="flex flex-wrap gap-1" data-testid="message-actions">
            {message.actions.map((action, index) => {
              const href = actionHref(action, links);
              const label = actionLabel(action);
              return (
                <li
                  key={index}
                  className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-800 ring-1 ring-amber-200"
                  title={action.summary}
                >
                  {href ? (
                    <Link to={href} className="underline">
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        {children}
      </div>
    </div>
  );
}

function uniqueSources(sources: NonNullable<ApiConversationMessage['sources']>) {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.kind}:${source._id ?? source.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function clock(value: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      day: 'numeric',
      month: 'short',
      hour12: false,
    }).format(new Date(value));
  } catch {
    return '';
  }
}

/**
 * "Correct this answer": a small form under an answer. The right answer becomes an
 * answered question in the knowledge base, which the assistant uses from the next message.
 */
function CorrectionForm({
  action,
  message,
  question,
  reply,
}: {
  action: string;
  message: ApiConversationMessage;
  question: string | null;
  reply?: CorrectionReply | null;
}) {
  if (!question) return null;
  const mine = reply?.messageId === message.id ? reply.result : null;
  const errors = mine?.error ? Object.values(mine.error).flat() : undefined;
  const id = `correct-${message.id}`;
  return (
    <details className="w-full max-w-[85%]" open={Boolean(errors?.length) || undefined} data-testid="correct-answer">
      <summary className="cursor-pointer text-brand-600 underline">Correct this answer</summary>
      <Form
        method="post"
        action={action}
        preventScrollReset
        className="mt-2 flex flex-col gap-2 rounded-xl bg-slate-50 p-3"
      >
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="message_id" value={message.id} />
        <input type="hidden" name="question" value={question} />
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          The right answer to “{question}”
        </label>
        <textarea
          id={id}
          name="correction"
          rows={3}
          required
          maxLength={10_000}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm"
        />
        <ErrorList id={`${id}-error`} errors={errors} />
        <p className="text-xs text-slate-500">
          It is saved as an answered question in the knowledge base; the assistant uses it from the next message.
        </p>
        <div>
          <SubmitButton name="intent" value="correct" variant="secondary" pendingText="Saving…">
            Save the correction
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}
