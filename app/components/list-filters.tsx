import { type ReactNode } from 'react';
import { Form, Link } from '@remix-run/react';
import { Drawer } from '#app/components/drawer';
import { buttonClass } from '#app/components/ui/button';
import { TOOLBAR_CONTROL } from '#app/components/ui/toolbar';

/**
 * A list page's filters: a GET form (so a filtered list can be bookmarked and works without
 * JavaScript) in the filter drawer, its fields, a submit button and, once anything is
 * filtered, a link that clears the filters.
 */
export function ListFilters({
  children,
  filtered,
  clearTo,
  submitLabel = 'Apply',
}: {
  children: ReactNode;
  filtered: boolean;
  /** Where "Clear" goes: the list with its filters removed (and anything else kept). */
  clearTo: string;
  submitLabel?: string;
}) {
  return (
    <FilterDrawer>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        {children}
        <button type="submit" className={buttonClass('toolbar')}>
          {submitLabel}
        </button>
        {filtered ? (
          <Link to={clearTo} className="px-2 py-2 text-sm text-slate-700 underline">
            Clear
          </Link>
        ) : null}
      </Form>
    </FilterDrawer>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The list's search box (`q`). Keyed by its value so a new search in the address shows in it. */
export function SearchFilter({
  id,
  value,
  placeholder,
  maxLength = 100,
  width = 'w-64',
}: {
  id: string;
  value: string;
  placeholder: string;
  maxLength?: number;
  width?: string;
}) {
  return (
    <FilterField id={id} label="Search">
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        key={value}
        maxLength={maxLength}
        placeholder={placeholder}
        className={`${TOOLBAR_CONTROL} ${width}`}
      />
    </FilterField>
  );
}

/** A select of one of a list's fixed choices, "All …" (the empty value) first. */
export function ChoiceFilter<Choice extends string>({
  id,
  name,
  label,
  allLabel,
  value,
  choices,
  labelOf,
}: {
  id: string;
  name: string;
  label: string;
  /** The first option, the empty value; none when a choice is always made (an order). */
  allLabel?: string;
  value: string;
  choices: readonly Choice[];
  labelOf: (choice: Choice) => string;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value} key={value} className={TOOLBAR_CONTROL}>
        {allLabel ? <option value="">{allLabel}</option> : null}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * The filter drawer of a list page, wrapping the page's filter form. It starts open, so the
 * filters are where they always were; the toggle folds them away.
 */
export function FilterDrawer({ children }: { children: ReactNode }) {
  return (
    <Drawer
      name="filter"
      label="Filters"
      overlay={false}
      defaultOpen
      className="group rounded-xl"
      summaryClassName="mb-2 inline-flex cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      summary={
        <>
          <svg viewBox="0 0 20 20" className="h-4 w-4 fill-slate-600" aria-hidden>
            <path d="M3 4h14l-5.5 6.5V16l-3 1.5v-7z" />
          </svg>
          Filters
        </>
      }
    >
      {children}
    </Drawer>
  );
}
