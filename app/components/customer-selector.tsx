import { Form } from '@remix-run/react';
import { ContactPicker } from './contact-picker';

/**
 * Narrow a page to one contact. A GET form: it changes nothing, the result can be
 * bookmarked, and without JavaScript the Show button submits it. Pages take it from
 * app/components/timeline.tsx, which loads it after the page (`deferred`): the picker's
 * combobox is not part of their first load.
 */
export function CustomerSelector({
  customers,
  selected,
  hidden = {},
  findQuery = '',
}: {
  customers: { _id: string; name: string }[];
  selected: string;
  hidden?: Record<string, string>;
  /** What the no-JavaScript find box last narrowed the list to. */
  findQuery?: string;
}) {
  if (customers.length === 0 && !findQuery && !selected) return null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="customer-selector">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ContactPicker
        name="customer_id"
        label="Contact"
        emptyLabel="All contacts"
        options={customers}
        defaultValue={selected}
        findQuery={findQuery}
        autoSubmit
      />
      <noscript>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-2">
          Show
        </button>
      </noscript>
    </Form>
  );
}
