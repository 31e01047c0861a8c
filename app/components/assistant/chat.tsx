import { Form } from '@remix-run/react';
import type { AssistantChat } from './use-assistant-chat';

// The message box is in ./chat-composer.tsx, loaded after the page (./chat-composer.deferred.tsx):
// it brings conform and the message schema, which nothing else on a chat page needs.
export { CHAT_DOCK, ChatMessages } from './chat-messages';
export { chatEndpoint, useAssistantChat, type AssistantChat, type ChatTurn } from './use-assistant-chat';

/**
 * Questions drawn from the knowledge base. Each is a submit button of a form that asks it
 * (so they work without JavaScript); with JavaScript the answer streams in place.
 */
export function SuggestedQuestions({
  suggestions,
  action,
  chat,
}: {
  suggestions: string[];
  action: string;
  chat: AssistantChat;
}) {
  if (suggestions.length === 0) return null;
  return (
    <Form method="post" action={action} className="flex flex-col gap-2" data-testid="suggestions">
      <input type="hidden" name="intent" value="message" />
      <p className="text-sm font-medium text-slate-700">Try asking</p>
      <div className="flex flex-wrap gap-2">
        {suggestions.map((question) => (
          <button
            key={question}
            type="submit"
            name="message"
            value={question}
            disabled={chat.busy}
            onClick={(event) => {
              event.preventDefault();
              if (!chat.busy) void chat.send(question);
            }}
            className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-left text-sm text-brand-700 hover:bg-brand-100 disabled:opacity-60"
          >
            {question}
          </button>
        ))}
      </div>
    </Form>
  );
}
