import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData } from '@remix-run/react';
import { MAX_UPLOAD_BYTES } from '#contract/memory-terms';

import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { UploadForm } from '#app/routes/dashboard+/memories+/__memory-form.deferred';
import { v1Calls } from '#contract/v1/index';
import { requireMemoryEditor } from '#app/lib/memories.server';
import { v1 } from '#app/lib/v1.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { CancelLink } from '#app/components/forms';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Upload a file · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMemoryEditor(request, context);
  return null;
}

/**
 * The upload (multipart) goes on to v1 `upload`, which checks the size and type, stores
 * the file and reads its text. A refusal comes back above the form; a success opens the new
 * memory, where the extracted text can be checked.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireMemoryEditor(request, context);
  // A body far past the limit is refused before it is read into memory.
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_UPLOAD_BYTES + 64 * 1024)
    return data({ errors: ['The file is larger than 20 MB.'] }, { status: 400 });
  const formData = await request.formData();
  const file = formData.get('file');
  if (!(file instanceof Blob) || file.size === 0)
    return data({ errors: ['Choose a file to upload.'] }, { status: 400 });
  const form = new FormData();
  form.set('file', file, (file as File).name || 'upload');
  for (const key of ['title', 'content', 'status'] as const) {
    const value = formData.get(key);
    if (typeof value === 'string' && value.trim()) form.set(key, value.trim());
  }
  const result = await v1(state.caller).memories.upload(form);
  if (!result.ok)
    return data(
      {
        errors: [...result.errors, ...Object.values(result.fieldErrors).flat()].filter(
          (e, i, all) => all.indexOf(e) === i,
        ),
      },
      { status: 400 },
    );
  return redirectWithToasts(
    request,
    `/dashboard/memories/${result.data.memory._id}`,
    apiToasts(v1Calls.memories.upload.path, result),
  );
}

export default function UploadMemoryRoute() {
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Upload a file" />
      <Card>
        <UploadForm errors={reply?.errors} cancel={<CancelLink to="/dashboard/memories" />} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
