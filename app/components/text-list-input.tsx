import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { ErrorList } from './forms';

export type TextListInputProps = {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<(string | null | undefined)[] | undefined, any, string[]>;
  type: 'tel' | 'email' | 'text';
  addLabel: string;
  placeholder?: string;
  autoComplete?: string;
};

/**
 * A list of one-line values (phone numbers, email addresses). Add and remove are conform
 * intents: submit buttons, so they work without JavaScript too (the server answers with
 * the list one row longer or shorter).
 */
export function TextListInput({ label, form, field, type, addLabel, placeholder, autoComplete }: TextListInputProps) {
  const items = field.getFieldList();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      {items.map((item, index) => (
        <div key={item.key} className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <input
              {...getInputProps(item, { type })}
              aria-label={`${label} ${index + 1}`}
              placeholder={placeholder}
              autoComplete={autoComplete}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm aria-[invalid=true]:border-red-500"
            />
            {items.length > 1 ? (
              <button
                {...form.remove.getButtonProps({ name: field.name, index })}
                className="rounded-lg px-2 py-2 text-sm text-slate-600 hover:bg-slate-100"
                aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
              >
                Remove
              </button>
            ) : null}
          </div>
          <ErrorList id={item.errorId} errors={item.errors} />
        </div>
      ))}
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: '' })}
        className="self-start text-sm font-medium text-brand-600 underline"
      >
        {addLabel}
      </button>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
