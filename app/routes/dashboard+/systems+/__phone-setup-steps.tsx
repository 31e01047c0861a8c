import { getFormProps, getInputProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { CountryOptions } from '#app/components/country-options';
import type { ApiSetupStep } from '#contract/v1/systems';
import { STEP_SCHEMAS } from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, Field, SelectField, SubmitButton } from '#app/components/forms';
import { usePolling } from '#app/routes/dashboard+/systems+/__use-polling';
import { usePhoneExample, usePhoneFormat } from '#app/lib/phone-labels';

import {
  ConfirmStep,
  replyFor,
  StepFields,
  stepData,
  type StepsProps,
} from '#app/routes/dashboard+/systems+/__setup-step-parts';

/** The setup steps of a phone system: choosing its number, the member's mobile, call forwarding and the forwarding test. */
/** Telephony and mobile: search numbers by country and area code (a GET form), then choose one. */
export function NumberStep(props: StepsProps & { step: ApiSetupStep }) {
  const phone = usePhoneFormat();
  const { step, canEdit, reply, search, self } = props;
  const chosen = stepData<string>(props, 'phone_number') ?? props.system.phone_number;
  const [form] = useSchemaForm('step-number', STEP_SCHEMAS.number, replyFor(reply, 'number'));
  if (step.status === 'done' && chosen) {
    return (
      <p className="text-sm">
        Your assistant’s number is <strong data-testid="system-phone-number">{phone(chosen)}</strong>.
      </p>
    );
  }
  if (!canEdit) return <p className="text-sm text-slate-600">A member who may set up systems chooses the number.</p>;
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action={`${self}#setup-number`}
        className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
        aria-label="Search numbers"
      >
        <SelectField label="Country" selectProps={{ name: 'country', defaultValue: search.country }}>
          <CountryOptions />
        </SelectField>
        <Field
          label="Area code"
          inputProps={{
            name: 'area_code',
            defaultValue: search.area_code,
            inputMode: 'numeric',
            pattern: '\\d{1,5}',
            maxLength: 5,
            placeholder: 'Any',
          }}
        />
        <Field
          label="Contains"
          inputProps={{
            name: 'contains',
            defaultValue: search.contains,
            inputMode: 'numeric',
            pattern: '\\d{1,10}',
            maxLength: 10,
            placeholder: 'Any digits',
          }}
        />
        <button
          type="submit"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
        >
          Search numbers
        </button>
      </Form>
      {search.error ? (
        <p role="alert" className="text-sm text-red-700">
          {search.error}
        </p>
      ) : null}
      <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(form.allErrors.phone_number ?? [])]} />
      {search.numbers === null ? null : search.numbers.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="numbers-empty">
          No numbers are available there. Try another area code.
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
          data-testid="available-numbers"
        >
          {search.numbers.map((number) => (
            <li key={number.phone_number} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span className="font-medium">{phone(number.phone_number)}</span>
              <span className="text-sm text-slate-600">
                {[number.locality, number.region].filter(Boolean).join(', ') || phone(number.phone_number)}
              </span>
              <Form method="post" action={`${self}#setup-number`} className="ml-auto">
                <StepFields stepKey="number" />
                <input type="hidden" name="phone_number" value={number.phone_number} />
                <button
                  type="submit"
                  className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
                  aria-label={`Choose ${phone(number.phone_number)}`}
                >
                  Choose
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function MobileStep(props: StepsProps & { step: ApiSetupStep }) {
  const { canEdit, reply, self, ownMobile } = props;
  const current = stepData<string>(props, 'mobile_number');
  const phoneExample = usePhoneExample();
  const [form, fields] = useSchemaForm('step-mobile', STEP_SCHEMAS.mobile, replyFor(reply, 'mobile'), {
    defaultValue: { mobile_number: current ?? ownMobile ?? '' },
  });
  return (
    <Form method="post" action={`${self}#setup-mobile`} {...getFormProps(form)} className="flex flex-col gap-3">
      <StepFields stepKey="mobile" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-3">
        <Field
          label="Mobile number"
          hint={`Such as ${phoneExample}.`}
          errors={fields.mobile_number.errors}
          inputProps={{ ...getInputProps(fields.mobile_number, { type: 'tel' }), autoComplete: 'tel' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="step" value="mobile" pendingText="Saving…">
              Save mobile
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

type ForwardingCode = { condition: string; label: string; code: string; cancel: string };

export function ForwardingStep(props: StepsProps & { step: ApiSetupStep }) {
  const codes = stepData<ForwardingCode[]>(props, 'codes') ?? [];
  return (
    <ConfirmStep {...props} label="I dialled the codes" pending="Saving…" ready={codes.length > 0}>
      {codes.length === 0 ? (
        <p className="text-sm text-slate-600">Choose the assistant’s number first: the codes forward to it.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="forwarding-codes">
          <caption className="sr-only">Forwarding codes</caption>
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Forward
              </th>
              <th scope="col" className="py-1 font-medium">
                Dial
              </th>
              <th scope="col" className="py-1 font-medium">
                To undo
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.condition} className="border-t border-slate-100">
                <td className="py-1.5 pr-2">{code.label}</td>
                <td className="py-1.5 pr-2 font-mono">{code.code}</td>
                <td className="py-1.5 font-mono">{code.cancel}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ConfirmStep>
  );
}

export function VerifyStep(props: StepsProps & { step: ApiSetupStep }) {
  const started = stepData<string>(props, 'test_call_started_at');
  const verified = stepData<string>(props, 'verified_at');
  const waiting = Boolean(started && !verified);
  // With JavaScript the page checks every 2 s until the test call has reached the assistant.
  usePolling(waiting, { everyMs: 2000, forMs: 2 * 60 * 1000 });
  return (
    <ConfirmStep {...props} label={started ? 'Call again' : 'Place the test call'} pending="Calling…">
      {verified ? (
        <p className="text-sm text-emerald-700" data-testid="verify-result">
          Forwarding works: the test call reached the assistant.
        </p>
      ) : waiting ? (
        <p className="text-sm text-slate-700" data-testid="verify-result" role="status">
          Waiting for the test call to reach the assistant… let your mobile ring without answering.
          <noscript> Reload this page to check.</noscript>
        </p>
      ) : null}
    </ConfirmStep>
  );
}
