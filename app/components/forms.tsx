import { Link, useNavigation } from '@remix-run/react';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export function ErrorList({ id, errors }: { id?: string; errors?: (string | null | undefined)[] | null }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1" role="alert">
      {list.map((error) => (
        <li key={error} className="text-sm text-red-700">
          {error}
        </li>
      ))}
    </ul>
  );
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 aria-[invalid=true]:border-red-500';

export function Field({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: string[];
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={inputClass}
      />
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  selectProps,
  errors,
  children,
}: {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  errors?: string[];
  children: ReactNode;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={inputClass}
      >
        {children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A submit button that shows progress while its form is being submitted. */
export function SubmitButton({
  children,
  pendingText,
  name,
  value,
  variant = 'primary',
  formNoValidate,
  pending: submitting,
}: {
  children: ReactNode;
  pendingText?: string;
  name?: string;
  value?: string;
  variant?: 'primary' | 'danger' | 'secondary';
  formNoValidate?: boolean;
  /** For a form sent through a fetcher (the page's navigation does not see it). */
  pending?: boolean;
}) {
  const navigation = useNavigation();
  const pending =
    submitting ??
    (navigation.state === 'submitting' && (name === undefined || navigation.formData?.get(name) === value));
  const colours = {
    primary: 'bg-brand-600 text-white hover:bg-brand-700',
    danger: 'bg-red-600 text-white hover:bg-red-700',
    secondary: 'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50',
  }[variant];
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formNoValidate={formNoValidate}
      aria-busy={pending || undefined}
      disabled={pending}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium shadow-sm disabled:opacity-70 ${colours}`}
    >
      {pending ? <Spinner /> : null}
      {pending && pendingText ? pendingText : children}
    </button>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}

/**
 * Enter in a text box submits the form with its first submit button. In forms whose list
 * inputs put add/remove buttons before the real submit button, this (invisible) first
 * button makes Enter save the form instead.
 */
export function DefaultSubmit() {
  return <button type="submit" hidden tabIndex={-1} aria-hidden />;
}

/** A multi-line field, labelled and with its errors, like Field. */
export function TextAreaField({
  label,
  textareaProps,
  errors,
  hint,
}: {
  label: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: string[];
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        rows={6}
        {...textareaProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm aria-[invalid=true]:border-red-500"
      />
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Cancel on a full-page form: back to where the user came from. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-slate-700 underline">
      Cancel
    </Link>
  );
}

/** Cancel in a dialog: closes it. */
export function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="text-sm font-medium text-slate-700 underline">
      Cancel
    </button>
  );
}
