import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ItemPage } from '#app/components/timeline-item-page';
import { requireDashboard } from '#app/lib/guard.server';
import { kindItemAction, kindItemLoader } from '#app/lib/timeline.server';
import { v1 } from '#app/lib/v1.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Call · Business Assistant' }];

/**
 * The call and, when it has a recording, a short-lived signed URL for the player (spec
 * docs/product.md#v1-calls: "a temporary recording URL … data.url"). The URL expires in minutes, so it is
 * fetched with every page load and never stored; a call without a recording has none.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await kindItemLoader(args, 'calls');
  // The telephony provider marks calls it recorded (details.recording); skip the call when it says none.
  if (page.item.details?.recording === false) return { ...page, recordingUrl: null };
  const state = await requireDashboard(args.request, args.context);
  const recording = await v1(state.caller).calls.recording(page.item._id);
  return { ...page, recordingUrl: recording.ok ? recording.data.url : null };
}

export async function action(args: ActionFunctionArgs) {
  return kindItemAction(args, 'calls', await args.request.formData());
}

type Turn = { speaker: string; text: string };

/** A transcript is either plain text or a list of turns ({role|speaker, content|text}). */
function transcriptOf(value: unknown): { text: string | null; turns: Turn[] } {
  if (typeof value === 'string') {
    // "Caller: …" / "Assistant: …" lines (the systems' transcripts) become turns; other text stays as written.
    const lines = value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const turns = lines.map((line): Turn => {
      const match = /^(Caller|Assistant|Customer|Agent|Voicemail|System):\s*(.*)$/i.exec(line);
      return match ? { speaker: speakerName(match[1].toLowerCase()), text: match[2] } : { speaker: '', text: line };
    });
    if (turns.some((turn) => turn.speaker)) return { text: null, turns };
    return { text: value.trim() || null, turns: [] };
  }
  if (!Array.isArray(value)) return { text: null, turns: [] };
  const turns = value
    .map((entry): Turn | null => {
      if (typeof entry === 'string') return { speaker: '', text: entry };
      if (!entry || typeof entry !== 'object') return null;
      const record = entry as Record<string, unknown>;
      const text = record.content ?? record.text ?? record.message;
      if (typeof text !== 'string') return null;
      const speaker = record.speaker ?? record.role ?? '';
      return { speaker: speakerName(String(speaker)), text };
    })
    .filter((turn): turn is Turn => turn !== null);
  return { text: null, turns };
}

function speakerName(role: string): string {
  if (role === 'assistant' || role === 'agent') return 'Assistant';
  if (role === 'user' || role === 'caller' || role === 'customer') return 'Caller';
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : '';
}

export default function CallViewRoute() {
  const data = useLoaderData<typeof loader>();
  const details: Record<string, unknown> = data.item.details ?? {};
  const summary = typeof details.summary === 'string' && details.summary.trim() ? details.summary : null;
  const transcript = transcriptOf(details.transcript);
  const duration = typeof details.duration_seconds === 'number' ? details.duration_seconds : null;
  // The length is the call's, not a recording's: beside "Recording" it read as one when there was none.
  const outcome = [
    ...callOutcome(data.item.status, details),
    ...(duration !== null ? [`The call lasted ${formatDuration(duration)}.`] : []),
  ];
  return (
    <ItemPage data={data}>
      {outcome.length ? (
        <Card as="ul" padding="sm" className="flex flex-col gap-1 text-sm" data-testid="call-outcome">
          {outcome.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Card>
      ) : null}
      <Card aria-labelledby="recording-title">
        <h2 id="recording-title" className="text-lg font-semibold">
          Recording
        </h2>
        {data.recordingUrl ? (
          <audio controls preload="none" src={data.recordingUrl} className="mt-3 w-full" data-testid="call-recording">
            <a href={data.recordingUrl}>Download the recording</a>
          </audio>
        ) : (
          <p className="mt-2 text-sm text-slate-600">This call has no recording.</p>
        )}
      </Card>
      {summary ? (
        <Card aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-semibold">
            Summary
          </h2>
          <p className="mt-2 whitespace-pre-wrap" data-testid="call-summary">
            {summary}
          </p>
        </Card>
      ) : null}
      {transcript.text || transcript.turns.length ? (
        <Card aria-labelledby="transcript-title">
          <h2 id="transcript-title" className="text-lg font-semibold">
            Transcript
          </h2>
          {transcript.text ? (
            <p className="mt-2 whitespace-pre-wrap" data-testid="call-transcript">
              {transcript.text}
            </p>
          ) : (
            <ol className="mt-2 flex flex-col gap-2" data-testid="call-transcript">
              {transcript.turns.map((turn, index) => (
                <li key={index}>
                  {turn.speaker ? <span className="font-medium">{turn.speaker}: </span> : null}
                  <span className="whitespace-pre-wrap">{turn.text}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      ) : null}
    </ItemPage>
  );
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What became of the call: put through to someone, a voicemail left, missed, who was rung first (a call placed from a system page). */
function callOutcome(status: string | null, details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const transfer =
    details.transfer && typeof details.transfer === 'object' ? (details.transfer as Record<string, unknown>) : {};
  // transfer_to: the assistant tried to put the caller through; transferred_to: someone answered.
  const transferredTo = text(details.transferred_to) ?? text(transfer.to);
  const tried = text(details.transfer_to);
  const dialStatus = text(details.transfer_status) ?? text(transfer.status);
  if (transferredTo) lines.push(`Transferred to ${transferredTo}.`);
  else if (tried)
    lines.push(
      dialStatus
        ? `Tried to transfer to ${tried} (${dialStatus.replace(/[_-]+/g, ' ')}).`
        : `Transferring to ${tried}…`,
    );
  if (status === 'voicemail') lines.push('The caller left a voicemail.');
  else if (status === 'missed_call') lines.push('Missed call: nobody answered.');
  else if (status === 'abandoned') lines.push('The caller hung up after the greeting.');
  const agent = text(details.agent_number);
  if (agent) lines.push(`Rang ${agent} first, then connected the customer.`);
  return lines;
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
