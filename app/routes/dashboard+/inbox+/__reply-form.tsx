import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { INBOX_PAUSE_MINUTES, inboxReplySchema } from '#contract/schemas/inbox';
import { ErrorList, SubmitButton, TextAreaField } from '#app/components/forms';
import { useSchemaForm } from '#app/lib/use-schema-form';

/** The open thread's reply form, apart from its page so that conform and the inbox schemas load after it (./__reply-form.deferred.tsx). */
export function ReplyForm({
  name,
  replyByChat,
  lastResult,
}: {
  name: string;
  replyByChat: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm('inbox-reply', inboxReplySchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2" aria-label="Reply">
      <input type="hidden" name="intent" value="reply" />
      <TextAreaField
        label={replyByChat ? `Reply to ${name} in the website chat` : `Text ${name}`}
        textareaProps={{ ...getTextareaProps(fields.message), id: 'reply-message', rows: 3 }}
        errors={fields.message.errors}
        hint={`${replyByChat ? 'Goes to their website chat.' : 'Sent from the business number.'} The assistant pauses on this conversation for ${INBOX_PAUSE_MINUTES} minutes when you reply.`}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <SubmitButton name="intent" value="reply" pendingText="Sending…">
          Send reply
        </SubmitButton>
      </div>
    </Form>
  );
}
