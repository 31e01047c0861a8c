import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ItemPage } from '#app/components/timeline-item-page';
import { kindItemAction, kindItemLoader } from '#app/lib/timeline.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Form · Business Assistant' }];

export const loader = (args: LoaderFunctionArgs) => kindItemLoader(args, 'forms');

export async function action(args: ActionFunctionArgs) {
  return kindItemAction(args, 'forms', await args.request.formData());
}

/** Field names as a visitor would read them: "first_name" → "First name". */
function humanise(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(show).join(', ');
  return JSON.stringify(value);
}

/**
 * A form's submitted fields. The lead catcher keeps them in details.fields beside the form's
 * name and page; anything else in details (an older or another producer's shape) is shown
 * field by field the same way.
 */
export default function FormViewRoute() {
  const data = useLoaderData<typeof loader>();
  const details: Record<string, unknown> = data.item.details ?? {};
  const separate = Boolean(details.fields && typeof details.fields === 'object' && !Array.isArray(details.fields));
  const fields = (separate ? details.fields : details) as Record<string, unknown>;
  const entries = Object.entries(fields).filter(([, value]) => show(value) !== '');
  const formName = separate && typeof details.form_name === 'string' ? details.form_name : null;
  const pageUrl = separate && typeof details.page_url === 'string' ? details.page_url : null;
  return (
    <ItemPage data={data}>
      <Card aria-labelledby="submitted-title">
        <h2 id="submitted-title" className="text-lg font-semibold">
          {formName ?? 'What was sent'}
        </h2>
        {pageUrl ? <p className="text-sm text-slate-600">Sent from {pageUrl}</p> : null}
        {data.item.body ? <p className="mt-2 whitespace-pre-wrap">{data.item.body}</p> : null}
        {entries.length ? (
          <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" data-testid="form-fields">
            {entries.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-medium text-slate-500">{humanise(name)}</dt>
                <dd className="whitespace-pre-wrap text-slate-900">{show(value)}</dd>
              </div>
            ))}
          </dl>
        ) : !data.item.body ? (
          <p className="mt-2 text-sm text-slate-600">This form was sent empty.</p>
        ) : null}
      </Card>
    </ItemPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
