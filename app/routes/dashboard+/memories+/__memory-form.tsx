import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form, useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { memorySchema, USER_MEMORY_STATUSES } from '#contract/schemas/memory';
import {
  MEMORY_STATUS_LABELS,
  TEXT_MEMORY_TYPES,
  isFileMemory,
  memoryTypeLabel,
  type MemoryDefaults,
} from '#app/lib/memories';
import { useSchemaForm } from '#app/lib/use-schema-form';

import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';
import { CancelButton, ErrorList, Field, SelectField, SubmitButton, TextAreaField } from '#app/components/forms';

/**
 * The memory form (create and edit) for the types written by hand; a file memory keeps its
 * type (its content is the text read from the file, which can be corrected here).
 */
export function MemoryForm({
  id,
  action,
  reply,
  defaultValue,
  submitLabel,
  pendingText,
  back,
  fetcher,
  cancel,
}: EntityFormProps<MemoryDefaults>) {
  const [form, fields] = useSchemaForm(id, memorySchema, reply, { defaultValue });
  const types = isFileMemory(defaultValue.type) ? [defaultValue.type] : TEXT_MEMORY_TYPES;
  return (
    <EntityFormFrame form={form} {...{ action, back, fetcher, cancel, submitLabel, pendingText }}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" errors={fields.type.errors} selectProps={getSelectProps(fields.type)}>
          {types.map((type) => (
            <option key={type} value={type}>
              {memoryTypeLabel(type)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
          {USER_MEMORY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {MEMORY_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        label="Title"
        hint="Optional: a short name to find it by."
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoComplete: 'off', autoFocus: true }}
      />
      <TextAreaField
        label="Content"
        hint="What the assistant should know. For a question, the question as a caller would ask it."
        errors={fields.content.errors}
        textareaProps={getTextareaProps(fields.content)}
      />
      <TextAreaField
        label="Answer"
        hint="Only for questions: the answer the assistant gives."
        errors={fields.answer.errors}
        textareaProps={{ ...getTextareaProps(fields.answer), rows: 3 }}
      />
      <Field
        label="Source URL"
        hint="Optional: where this comes from."
        errors={fields.source_url.errors}
        inputProps={{ ...getInputProps(fields.source_url, { type: 'url' }), autoComplete: 'off' }}
      />
    </EntityFormFrame>
  );
}

/** The form inside a dialog (JavaScript on): sent through a fetcher to the full page's action. */
export function MemoryFormDialog({
  close,
  ...props
}: Omit<Parameters<typeof MemoryForm>[0], 'fetcher' | 'reply' | 'cancel'> & { close: () => void }) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  return <MemoryForm {...props} fetcher={fetcher} reply={fetcher.data} cancel={<CancelButton onClick={close} />} />;
}

/** The upload form (multipart): the file, an optional title and status. Posts to /dashboard/memories/upload. */
export function UploadForm({ errors, cancel }: { errors?: string[]; cancel: ReactNode }) {
  return (
    <Form
      method="post"
      action="/dashboard/memories/upload"
      encType="multipart/form-data"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="memory-file" className="text-sm font-medium text-slate-700">
          File
        </label>
        <input
          id="memory-file"
          name="file"
          type="file"
          accept=".pdf,.docx,.txt,.md,.markdown,.html,.htm,image/*,application/pdf,text/plain,text/markdown,text/html"
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white"
        />
        <p className="text-xs text-slate-500">
          PDF, Word (.docx), text, Markdown, HTML or an image, up to 20 MB. The text in it is read so the assistant can
          use it.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="memory-file-title" className="text-sm font-medium text-slate-700">
          Title
        </label>
        <input
          id="memory-file-title"
          name="title"
          type="text"
          maxLength={300}
          autoComplete="off"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="memory-file-content" className="text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          id="memory-file-content"
          name="content"
          rows={3}
          maxLength={10_000}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm"
        />
        <p className="text-xs text-slate-500">For an image: what it shows (the assistant cannot see pictures).</p>
      </div>
      <ErrorList errors={errors} />
      <div className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton pendingText="Uploading…">Upload file</SubmitButton>
      </div>
    </Form>
  );
}
