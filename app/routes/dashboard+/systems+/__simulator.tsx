import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { Link, useFetcher } from '@remix-run/react';
import { SIMULATION_KINDS } from '#contract/system-terms';
import type { ApiSimulation } from '#contract/v1/systems';
import { SIMULATION_LABELS, simulateSchema, type SystemReply } from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, Field, SubmitButton, TextAreaField } from '#app/components/forms';
import { usePhoneExample } from '#app/lib/phone-labels';
import { cardClass } from '#app/components/ui/card';
import { replyFor } from '#app/routes/dashboard+/systems+/__system-reply';

const card = cardClass();

const SPEAKERS = { caller: 'Caller', assistant: 'Assistant', system: 'System' } as const;

/**
 * The sandbox simulator (settings/{id}/simulate): an incoming call, a missed call or an SMS
 * from a number, with what the caller says one turn per line, or spoken in a WAV recording
 * (settings/{id}/simulate-voice; the form is multipart so it posts the file without
 * JavaScript too). It drives the same handlers as the provider's webhooks; what was heard
 * and the answer's transcript show below.
 */
export function Simulator({ reply: pageReply, self }: { reply: SystemReply | null; self: string }) {
  // A fetcher: its answer (the transcript) survives the revalidations the call's realtime
  // events cause, which would clear the page's action data. Without JavaScript it is a plain post.
  const fetcher = useFetcher<SystemReply>();
  const reply = fetcher.data ?? pageReply;
  const phoneExample = usePhoneExample();
  const simulation: ApiSimulation | null = reply?.form === 'simulate' ? (reply.simulation ?? null) : null;
  const [form, fields] = useSchemaForm('system-simulate', simulateSchema, replyFor(reply, 'simulate'), {
    defaultValue: { kind: 'call' },
  });
  const item = (simulation?.call ?? simulation?.sms ?? null) as { _id?: string } | null;
  const audioErrors = replyFor(reply, 'simulate')?.error?.audio ?? undefined;
  return (
    <section aria-labelledby="simulator-heading" className={card} id="simulator">
      <h2 id="simulator-heading" className="text-lg font-semibold">
        Simulator
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        This is a sandbox system: try a call or a text as a customer would, through the same code as real ones.
      </p>
      <fetcher.Form
        method="post"
        action={`${self}#simulator`}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="simulate" />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-700">What happens</legend>
          {SIMULATION_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.kind.name}
                value={kind}
                defaultChecked={(fields.kind.initialValue ?? 'call') === kind}
                className="h-4 w-4"
              />
              {SIMULATION_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <ErrorList errors={fields.kind.errors} />
        <Field
          label="From"
          errors={fields.from.errors}
          inputProps={{ ...getInputProps(fields.from, { type: 'tel' }), placeholder: phoneExample }}
        />
        <TextAreaField
          label="The caller says"
          hint="One turn per line (for an SMS, the message). Leave empty for a call that says nothing."
          errors={fields.says.errors}
          textareaProps={{ ...getTextareaProps(fields.says), rows: 4 }}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="system-simulate-audio" className="text-sm font-medium text-slate-700">
            Or say it (a WAV recording)
          </label>
          <input
            id="system-simulate-audio"
            name="audio"
            type="file"
            accept="audio/wav"
            aria-invalid={audioErrors?.length ? true : undefined}
            aria-describedby={audioErrors?.length ? 'system-simulate-audio-error' : 'system-simulate-audio-hint'}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white"
          />
          <p id="system-simulate-audio-hint" className="text-xs text-slate-500">
            For a call or an SMS: a WAV file (16-bit PCM) up to 10 MB. What it says is used instead of the words typed
            above.
          </p>
          <ErrorList id="system-simulate-audio-error" errors={audioErrors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <SubmitButton name="intent" value="simulate" pendingText="Simulating…" pending={fetcher.state !== 'idle'}>
            Simulate
          </SubmitButton>
        </div>
      </fetcher.Form>
      {simulation ? (
        <div className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="simulation-result">
          <h3 className="font-medium">What happened</h3>
          {simulation.heard ? (
            <p className="mt-1 text-sm" data-testid="simulation-heard">
              <span className="font-medium">Heard: </span>
              {simulation.heard}
            </p>
          ) : null}
          {simulation.transcript.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">Nothing was said.</p>
          ) : (
            <ol className="mt-2 flex flex-col gap-1.5" data-testid="simulation-transcript">
              {simulation.transcript.map((turn, index) => (
                <li key={index} className="text-sm">
                  <span className="font-medium">{SPEAKERS[turn.speaker] ?? turn.speaker}: </span>
                  <span className="whitespace-pre-wrap">{turn.text}</span>
                </li>
              ))}
            </ol>
          )}
          {item?._id ? (
            <Link
              to={`/dashboard/${simulation.sms ? 'sms' : 'calls'}/${item._id}`}
              className="mt-3 inline-block text-sm text-brand-600 underline"
            >
              Open the {simulation.sms ? 'SMS' : 'call'}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
