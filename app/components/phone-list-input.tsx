import { usePhoneExample } from '#app/lib/phone-labels';
import { TextListInput, type TextListInputProps } from './text-list-input';

/**
 * A list of phone numbers (docs/product.md#routes: the phone-number list input), typed as people
 * do ("07700 900123" is read in the business's country) and stored in E.164.
 * Business telephones and a contact's phones both use it.
 */
export function PhoneListInput({ label, form, field }: Pick<TextListInputProps, 'label' | 'form' | 'field'>) {
  const example = usePhoneExample();
  return (
    <TextListInput
      label={label}
      form={form}
      field={field}
      type="tel"
      addLabel="Add another number"
      placeholder={example}
      autoComplete="tel"
    />
  );
}

/** A list of email addresses (a contact may have several). */
export function EmailListInput({ label, form, field }: Pick<TextListInputProps, 'label' | 'form' | 'field'>) {
  return (
    <TextListInput
      label={label}
      form={form}
      field={field}
      type="email"
      addLabel="Add another email"
      placeholder="name@example.com"
      autoComplete="email"
    />
  );
}
