import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorList } from './forms';

export type ContactOption = { _id: string; name: string };

/** The resource route the picker searches through (the v1 customers list with its search). */
export const CONTACT_SEARCH_PATH = '/dashboard/contact-search';
/** The query parameter a page reads to narrow its picker's options without JavaScript. */
export const CONTACT_QUERY = 'contact_q';
const SEARCH_DELAY_MS = 150;

/** Contacts whose name contains every typed word, case and accents aside; what shows before the server answers. */
export function matchContacts(options: ContactOption[], query: string): ContactOption[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const name = fold(option.name);
    return words.every((word) => name.includes(word));
  });
}

const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 aria-[invalid=true]:border-red-500';

/**
 * Choose one contact without listing every contact. Rendered on the server (and so without
 * JavaScript) it is a native <select> of a bounded list: the page's first contacts, the
 * chosen one, and in a GET form a "Find" box that narrows the list. Once the page is
 * hydrated it becomes an ARIA combobox: typing searches the business's contacts, arrows move,
 * Enter chooses, Escape closes. Either way the form sends `name` as the contact's id.
 */
export function ContactPicker({
  name,
  label,
  options,
  defaultValue,
  emptyLabel,
  errors,
  findQuery,
  autoSubmit = false,
  className,
}: {
  name: string;
  label: string;
  options: ContactOption[];
  defaultValue: string;
  /** The choice meaning "no contact" (or "all contacts" in a filter). */
  emptyLabel: string;
  errors?: string[];
  /** In a GET form: show the no-JavaScript find box, holding this query. */
  findQuery?: string;
  /** A filter: submit the form as soon as a contact is chosen. */
  autoSubmit?: boolean;
  className?: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  const known = options.find((option) => option._id === defaultValue);
  const chosen: ContactOption | null = defaultValue ? (known ?? { _id: defaultValue, name: 'Current contact' }) : null;

  if (hydrated) {
    return (
      <ContactCombobox
        key={defaultValue}
        id={id}
        name={name}
        label={label}
        options={options}
        chosen={chosen}
        emptyLabel={emptyLabel}
        errors={errors}
        errorId={errorId}
        autoSubmit={autoSubmit}
        className={className}
      />
    );
  }
  const listed = chosen && !known ? [chosen, ...options] : options;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`} data-testid="contact-picker">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          name={name}
          defaultValue={defaultValue}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className={`${fieldClass} max-w-64`}
        >
          <option value="">{emptyLabel}</option>
          {listed.map((option) => (
            <option key={option._id} value={option._id}>
              {option.name}
            </option>
          ))}
        </select>
        {findQuery !== undefined ? (
          <>
            <label htmlFor={`${id}-find`} className="sr-only">
              Find a contact
            </label>
            <input
              id={`${id}-find`}
              type="search"
              name={CONTACT_QUERY}
              defaultValue={findQuery}
              placeholder="Find a contact"
              className={`${fieldClass} max-w-48`}
            />
          </>
        ) : null}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function ContactCombobox({
  id,
  name,
  label,
  options,
  chosen,
  emptyLabel,
  errors,
  errorId,
  autoSubmit,
  className,
}: {
  id: string;
  name: string;
  label: string;
  options: ContactOption[];
  chosen: ContactOption | null;
  emptyLabel: string;
  errors?: string[];
  errorId?: string;
  autoSubmit: boolean;
  className?: string;
}) {
  const [value, setValue] = useState<ContactOption | null>(chosen);
  const [query, setQuery] = useState(chosen?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState('');
  const fetcher = useFetcher<{ contacts: ContactOption[] }>();
  const inputRef = useRef<HTMLInputElement>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const listboxId = `${id}-listbox`;
  const typed = open && query !== (value?.name ?? '') ? query : '';

  // Ask the server once typing pauses; until it answers, the page's own options are filtered.
  const { load } = fetcher;
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      setSearched(typed);
      load(`${CONTACT_SEARCH_PATH}?q=${encodeURIComponent(typed)}`);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, open, load]);

  const results = useMemo(() => {
    const fromServer = fetcher.data && searched === typed ? fetcher.data.contacts : null;
    return [{ _id: '', name: emptyLabel }, ...(fromServer ?? matchContacts(options, typed))];
  }, [fetcher.data, searched, typed, options, emptyLabel]);

  const choose = (option: ContactOption) => {
    const next = option._id ? option : null;
    setValue(next);
    setQuery(next?.name ?? '');
    setOpen(false);
    setActive(-1);
    if (autoSubmit && (next?._id ?? '') !== (value?._id ?? '')) {
      // After React has written the hidden input's new value.
      setTimeout(() => hiddenRef.current?.form?.requestSubmit());
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : results.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && results[active]) {
        event.preventDefault();
        choose(results[active]);
      } else if (open) {
        // Enter with nothing highlighted closes the list rather than submitting a half-typed choice.
        event.preventDefault();
        setOpen(false);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setQuery(value?.name ?? '');
      }
    } else if (event.key === 'Tab' && open) {
      setOpen(false);
      setQuery(value?.name ?? '');
    }
  };

  const activeId = open && active >= 0 ? `${id}-option-${active}` : undefined;
  return (
    <div
      className={`relative flex flex-col gap-1 ${className ?? ''}`}
      data-testid="contact-picker"
      data-enhanced="true"
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input ref={hiddenRef} type="hidden" name={name} value={value?._id ?? ''} />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        autoComplete="off"
        placeholder={emptyLabel}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          // Emptied: no contact. Anything else typed but not chosen: back to the choice.
          if (!query.trim()) {
            if (value) choose({ _id: '', name: emptyLabel });
          } else setQuery(value?.name ?? '');
        }}
        onKeyDown={onKeyDown}
        className={`${fieldClass} max-w-64`}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        className="absolute top-full z-20 mt-1 max-h-64 w-64 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {results.map((option, index) => (
          <li
            key={option._id || 'none'}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              // Keep the focus in the input, so its blur does not undo the choice.
              event.preventDefault();
              choose(option);
            }}
            onMouseEnter={() => setActive(index)}
            className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'} ${option._id ? '' : 'italic text-slate-500'}`}
          >
            {option.name}
          </li>
        ))}
        {results.length === 1 && typed ? (
          <li className="px-3 py-1.5 text-sm text-slate-500">No contact matches “{typed}”.</li>
        ) : null}
      </ul>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
