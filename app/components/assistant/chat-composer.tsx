import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import { conversationMessageSchema, MESSAGE_MAX } from '#contract/schemas/conversation';
import { ErrorList, SubmitButton } from '../forms';
import type { AssistantChat } from './use-assistant-chat';

/**
 * The message box. Without JavaScript it posts to the page (which waits for the reply and
 * comes back showing it); with JavaScript the reply streams in instead.
 */
export function ChatComposer({
  chat,
  action,
  reply,
  label = 'Message',
  placeholder = 'Ask the assistant…',
}: {
  chat: AssistantChat;
  action: string;
  reply?: SubmissionResult<string[]> | null;
  label?: string;
  placeholder?: string;
}) {
  const [form, fields] = useForm({
    // The id is the anchor a form post (no JavaScript) comes back to: /…#composer.
    id: 'composer',
    lastResult: reply,
    constraint: getZodConstraint(conversationMessageSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: conversationMessageSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success' || chat.busy) return;
      void chat.send(submission.value.message);
      // Conform's reset alone leaves the typed text in an uncontrolled textarea; the
      // element's own reset empties it (its default value is empty).
      event.currentTarget.reset();
      form.reset();
    },
  });
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="flex flex-col gap-2"
      data-testid="chat-composer"
    >
      <input type="hidden" name="intent" value="message" />
      <label htmlFor={fields.message.id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={2}
          maxLength={MESSAGE_MAX}
          placeholder={placeholder}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          className="block min-h-11 w-full flex-1 resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm aria-[invalid=true]:border-red-500"
        />
        <SubmitButton
          name="intent"
          value="message"
          pendingText="Waiting for the reply…"
          pending={chat.busy || undefined}
        >
          Send
        </SubmitButton>
      </div>
      <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      <ErrorList errors={form.errors} />
      {chat.error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="chat-error">
          {chat.error}
        </p>
      ) : null}
    </Form>
  );
}
