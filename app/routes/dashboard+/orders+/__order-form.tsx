import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { ORDER_STATUSES } from '#contract/schemas/order';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ContactPicker } from '#app/components/contact-picker';
import { DefaultSubmit, ErrorList, SelectField, TextAreaField } from '#app/components/forms';
import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';
import {
  emptyLine,
  orderFormSchema,
  orderStatusLabel,
  type CustomerOption,
  type OrderDefaults,
  type ProductOption,
} from '#app/lib/order-types';

const cellInput =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm aria-[invalid=true]:border-red-500';

/**
 * The order form (create and edit, full pages): the customer, the status, the lines
 * (a product from the business's product memories, offered as suggestions, or anything
 * typed; quantity; price) and notes. Adding and removing a line are conform intents, so
 * they work without JavaScript too. An edit can tell the customer about a status change.
 */
export function OrderForm({
  id,
  action,
  reply,
  defaultValue,
  customers,
  products,
  submitLabel,
  pendingText,
  back,
  notifyOption,
  cancel,
}: Omit<EntityFormProps<OrderDefaults>, 'fetcher'> & {
  customers: CustomerOption[];
  products: ProductOption[];
  notifyOption?: boolean;
}) {
  const [form, fields] = useSchemaForm(id, orderFormSchema, reply, { defaultValue });
  const lines = fields.lines.getFieldList();
  const productsId = `${id}-products`;

  return (
    <EntityFormFrame
      form={form}
      className="flex flex-col gap-5"
      {...{ action, back, cancel, submitLabel, pendingText }}
    >
      <DefaultSubmit />
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactPicker
          key={fields.customer_id.key}
          name={fields.customer_id.name}
          label="Customer"
          emptyLabel="Choose a contact"
          options={customers}
          defaultValue={String(fields.customer_id.initialValue ?? '')}
          errors={fields.customer_id.errors}
        />
        <SelectField label="Status" errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status)}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="flex flex-col gap-2" data-testid="order-lines">
        <legend className="mb-1 text-sm font-medium text-slate-700">Items</legend>
        {products.length > 0 ? (
          <datalist id={productsId}>
            {products.map((product) => (
              <option key={product._id} value={product.name}>
                {product.price ?? undefined}
              </option>
            ))}
          </datalist>
        ) : null}
        {lines.length === 0 ? <p className="text-sm text-slate-500">No items yet.</p> : null}
        {lines.map((line, index) => {
          const parts = line.getFieldset();
          const number = index + 1;
          return (
            <div key={line.key} className="flex flex-col gap-1" data-testid="order-line-input">
              <div className="grid grid-cols-[1fr_5rem_7rem_auto] items-start gap-2">
                <input
                  {...getInputProps(parts.name, { type: 'text' })}
                  list={products.length > 0 ? productsId : undefined}
                  aria-label={`Item ${number} product`}
                  placeholder="Product"
                  maxLength={200}
                  autoComplete="off"
                  className={cellInput}
                />
                <input
                  {...getInputProps(parts.quantity, { type: 'number' })}
                  aria-label={`Item ${number} quantity`}
                  min={1}
                  className={cellInput}
                />
                <input
                  {...getInputProps(parts.price, { type: 'text' })}
                  aria-label={`Item ${number} price`}
                  placeholder="Price"
                  maxLength={100}
                  autoComplete="off"
                  className={cellInput}
                />
                <button
                  {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                  className="rounded-lg px-2 py-2 text-sm text-slate-600 hover:bg-slate-100"
                  aria-label={`Remove item ${number}`}
                >
                  Remove
                </button>
              </div>
              <ErrorList
                errors={[...(parts.name.errors ?? []), ...(parts.quantity.errors ?? []), ...(parts.price.errors ?? [])]}
              />
            </div>
          );
        })}
        <button
          {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: emptyLine() })}
          className="self-start text-sm font-medium text-brand-600 underline"
        >
          Add item
        </button>
        <ErrorList errors={fields.lines.errors} />
        {products.length === 0 ? (
          <p className="text-xs text-slate-500">
            Add products to the knowledge base (type Product) and they are suggested here.
          </p>
        ) : null}
      </fieldset>

      <TextAreaField
        label="Notes"
        errors={fields.notes.errors}
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 3, maxLength: 5000 }}
      />
      {notifyOption ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="notify_customer" defaultChecked className="h-4 w-4" />
          Tell the customer when the order is confirmed or cancelled
        </label>
      ) : null}
    </EntityFormFrame>
  );
}
