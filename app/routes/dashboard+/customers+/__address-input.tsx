import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { ApiAddress as AddressValue } from '#contract/envelope';
import { messages } from '#contract/messages';
import type { AddressFound, AddressLookupResult } from '#app/lib/customers';
import { ErrorList } from '#app/components/forms';

const LOOKUP_PATH = '/dashboard/customers/address-lookup';
const TYPE_PAUSE_MS = 300;

type Lookup = AddressLookupResult & { index: number; query: string };

const SOURCE_LABEL: Record<AddressFound['source'], string> = {
  known: 'Used before',
  parsed: 'As typed',
  directory: 'Directory',
};

/**
 * The spec's address input: a contact's addresses (line 1, city, state, postcode,
 * country), each with a search box whose suggestions come from helpers/address-lookup
 * (addresses the business already knows, a parse of what was typed, a directory). With
 * JavaScript suggestions appear while typing; without it the Find button asks the server,
 * and choosing a suggestion is a conform "update" intent that fills the fields.
 */
export function AddressListInput({
  form,
  field,
  lookup,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<AddressValue[] | undefined, any, string[]>;
  lookup?: Lookup;
}) {
  const items = field.getFieldList();
  return (
    <div className="flex flex-col gap-3">
      {items.map((item, index) => (
        <AddressRow
          key={item.key}
          form={form}
          item={item}
          index={index}
          count={items.length}
          listName={field.name}
          lookup={lookup?.index === index ? lookup : undefined}
        />
      ))}
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: {} })}
        className="self-start text-sm font-medium text-brand-600 underline"
      >
        Add another address
      </button>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function AddressRow({
  form,
  item,
  index,
  count,
  listName,
  lookup,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  item: FieldMetadata<AddressValue, any, string[]>;
  index: number;
  count: number;
  listName: string;
  lookup?: Lookup;
}) {
  const parts = item.getFieldset();
  const fetcher = useFetcher<AddressLookupResult>();
  const [query, setQuery] = useState(lookup?.query ?? '');
  const [dismissed, setDismissed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // Only "Find" with nothing typed is an error; typing waits for three characters quietly.
  const [findEmpty, setFindEmpty] = useState(false);
  const search = (text: string, asked = false) => {
    clearTimeout(timer.current);
    setDismissed(false);
    setFindEmpty(asked && !text.trim());
    if (text.trim().length < (asked ? 1 : 3)) return;
    fetcher.load(`${LOOKUP_PATH}?${new URLSearchParams({ address: text.trim() })}`);
  };

  const fetched = fetcher.data ?? lookup;
  const found = findEmpty ? { addresses: [], error: messages.lookup.required } : fetched;
  const suggestions = dismissed ? [] : (found?.addresses ?? []);
  const queryId = `${form.id}-address-query-${index}`;
  const number = count > 1 ? ` ${index + 1}` : '';

  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3" data-testid="address-row">
      <legend className="px-1 text-sm font-medium text-slate-700">Address{number}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={queryId} className="text-sm text-slate-600">
          Find an address{number}
        </label>
        <div className="flex gap-2">
          <input
            id={queryId}
            name={`address_query_${index}`}
            type="search"
            value={query}
            autoComplete="off"
            placeholder="Start typing a street, town or postcode"
            onChange={(event) => {
              const text = event.currentTarget.value;
              setQuery(text);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => search(text), TYPE_PAUSE_MS);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm"
          />
          <button
            type="submit"
            name="address_lookup"
            value={index}
            formNoValidate
            onClick={(event) => {
              // With JavaScript the lookup runs in place; the form is not sent.
              event.preventDefault();
              search(query, true);
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Find
          </button>
        </div>
        {found?.error ? <p className="text-sm text-red-700">{found.error}</p> : null}
        {suggestions.length > 0 ? (
          <ul
            className="mt-1 flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label={`Address suggestions${number}`}
          >
            {suggestions.map((suggestion, position) => (
              <li key={`${suggestion.source}-${position}`}>
                <button
                  {...form.update.getButtonProps({
                    name: item.name,
                    value: {
                      line_1: suggestion.line_1 ?? '',
                      city: suggestion.city ?? '',
                      state: suggestion.state ?? '',
                      postcode: suggestion.postcode ?? '',
                      country: suggestion.country ?? '',
                    },
                  })}
                  // Later, not now: removing the button during its own click would cancel
                  // the submission that carries the update.
                  onClick={() => setTimeout(() => setDismissed(true))}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
                >
                  <span>{suggestion.label}</span>
                  <span className="flex-none text-xs text-slate-500">
                    {SOURCE_LABEL[suggestion.source] ?? suggestion.source}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : found && !found.error && query.trim().length >= 3 && fetcher.state === 'idle' && !dismissed ? (
          <p className="text-sm text-slate-500">No suggestions: type the address below.</p>
        ) : null}
      </div>
      <AddressPart label="Street" field={parts.line_1} autoComplete="address-line1" />
      <div className="grid gap-2 sm:grid-cols-2">
        <AddressPart label="City" field={parts.city} autoComplete="address-level2" />
        <AddressPart label="State / region" field={parts.state} autoComplete="address-level1" />
        <AddressPart label="Postcode" field={parts.postcode} autoComplete="postal-code" />
        <AddressPart label="Country" field={parts.country} autoComplete="country-name" />
      </div>
      {count > 1 ? (
        <button
          {...form.remove.getButtonProps({ name: listName, index })}
          className="self-start text-sm text-slate-600 underline"
          aria-label={`Remove address ${index + 1}`}
        >
          Remove this address
        </button>
      ) : null}
    </fieldset>
  );
}

function AddressPart({
  label,
  field,
  autoComplete,
}: {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<string | undefined, any, string[]>;
  autoComplete: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm text-slate-600">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: 'text' })}
        autoComplete={autoComplete}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm aria-[invalid=true]:border-red-500"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
