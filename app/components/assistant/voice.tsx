import { useEffect, useRef, useState } from 'react';
import { downsample, encodeWav, joinSamples, RECORDING_SAMPLE_RATE, WavStreamDecoder } from '#app/lib/assistant-audio';
import { streamErrorMessage } from '#app/lib/assistant-stream';
import type { AssistantChat } from './chat';
import { messages } from '#contract/messages';

/**
 * What getUserMedia's failure means to a person: the browser's own text ("Requested device
 * not found", "Could not start audio source") is for developers, so each kind gets the app's.
 */
export function microphoneErrorMessage(caught: unknown): string {
  const name = caught instanceof DOMException || caught instanceof Error ? caught.name : '';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return messages.voice.noMicrophone;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return messages.voice.microphoneDenied;
  if (name === 'NotReadableError' || name === 'TrackStartError') return messages.voice.microphoneBusy;
  if (name === 'NotSupportedError') return messages.voice.microphoneUnsupported;
  return messages.voice.microphoneFailed;
}

/** Served by app/routes/assistant-audio.pcm-capture[.]js.ts (our origin, so the CSP allows it). */
const WORKLET_URL = '/assistant-audio/pcm-capture.js';
/** A press held longer than this is push-to-talk (release sends); a shorter one is a click (click again to send). */
const HOLD_MS = 350;
/** Shorter recordings are a slip of the finger, not a question. */
const MIN_RECORDING_SECONDS = 0.3;
/** Schedule the first chunk a little ahead, so the next one arrives before it ends. */
const LEAD_SECONDS = 0.08;

type Recorder = { kind: 'worklet' | 'script-processor'; stop(): Promise<Blob | null>; cancel(): void };

/**
 * Record the microphone with the Web Audio API: an AudioWorklet (or, where there is none,
 * a ScriptProcessor) collects Float32 blocks at the device's rate; at the end they are
 * resampled to 16 kHz mono and packed as a 16-bit PCM WAV.
 */
async function startRecorder(): Promise<Recorder> {
  // The raw signal: the browser's call processing (echo and noise suppression, gain
  // control) is tuned for people listening, and throws speech recognition off.
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  });
  const context = new AudioContext();
  const blocks: Float32Array[] = [];
  const source = context.createMediaStreamSource(stream);
  const silence = context.createGain();
  silence.gain.value = 0;
  silence.connect(context.destination);
  let node: AudioNode;
  let kind: Recorder['kind'] = 'worklet';
  try {
    if (!context.audioWorklet) throw new Error('no AudioWorklet');
    await context.audioWorklet.addModule(WORKLET_URL);
    const worklet = new AudioWorkletNode(context, 'pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    worklet.port.onmessage = (event: MessageEvent<Float32Array>) => blocks.push(event.data);
    node = worklet;
  } catch {
    kind = 'script-processor';
    const processor = context.createScriptProcessor(4096, 1, 1);
    processor.onaudioprocess = (event) => blocks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
    node = processor;
  }
  source.connect(node);
  // Through a muted gain to the output: the graph pulls the recorder, and nothing is heard.
  node.connect(silence);
  if (context.state === 'suspended') await context.resume();

  const release = () => {
    source.disconnect();
    node.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
  return {
    kind,
    async stop() {
      // Let the last block in flight arrive.
      await new Promise((resolve) => setTimeout(resolve, 120));
      const rate = context.sampleRate;
      release();
      const samples = joinSamples(blocks);
      if (samples.length / rate < MIN_RECORDING_SECONDS) return null;
      const wav = encodeWav(downsample(samples, rate, RECORDING_SAMPLE_RATE), RECORDING_SAMPLE_RATE);
      return new Blob([wav], { type: 'audio/wav' });
    },
    cancel: release,
  };
}

/**
 * Plays a streaming WAV while it arrives: once the header is in, each run of PCM becomes an
 * AudioBuffer scheduled right after the previous one.
 */
class StreamingWavPlayer {
  private decoder = new WavStreamDecoder();
  private nextTime = 0;
  private sources: AudioBufferSourceNode[] = [];
  scheduledSeconds = 0;

  constructor(
    private context: AudioContext,
    private onFirstChunk: () => void,
  ) {}

  push(chunk: Uint8Array) {
    const frames = this.decoder.push(chunk);
    const format = this.decoder.format;
    if (!frames || !format) return;
    const buffer = this.context.createBuffer(frames.length, frames[0].length, format.sampleRate);
    frames.forEach((channel, index) => buffer.copyToChannel(channel as Float32Array<ArrayBuffer>, index));
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    const at = Math.max(this.nextTime, this.context.currentTime + LEAD_SECONDS);
    source.start(at);
    this.nextTime = at + buffer.duration;
    this.sources.push(source);
    if (this.scheduledSeconds === 0) this.onFirstChunk();
    this.scheduledSeconds += buffer.duration;
  }

  /** Resolves when everything scheduled has been played (or would have been, on a muted device). */
  played(): Promise<void> {
    const remaining = Math.max(0, this.nextTime - this.context.currentTime);
    return new Promise((resolve) => setTimeout(resolve, remaining * 1000 + 50));
  }

  stop() {
    for (const source of this.sources) {
      try {
        source.stop();
      } catch {
        // Not started yet or already ended.
      }
    }
    void this.context.close();
  }
}

type VoiceState = 'idle' | 'starting' | 'recording' | 'sending' | 'playing' | 'error';

/**
 * Push-to-talk: hold the button (or Space) and speak, release to send; or click once to
 * start and again to send. The recording goes to the assistant, what it heard is shown,
 * and its answer is spoken while it arrives. Needs JavaScript (the page says so without it), and
 * a server with speech (else: "Voice is not available on this server.").
 */
export function PushToTalk({ chat, available }: { chat: AssistantChat; available: boolean }) {
  const [mounted, setMounted] = useState(false);
  const [state, setState] = useState<VoiceState>('idle');
  const [transcript, setTranscript] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [audioStarted, setAudioStarted] = useState(false);
  const [capture, setCapture] = useState<Recorder['kind'] | null>(null);
  const recorder = useRef<Recorder | null>(null);
  const player = useRef<StreamingWavPlayer | null>(null);
  const playback = useRef<AudioContext | null>(null);
  const press = useRef<{ at: number; started: boolean; suppressClick: boolean }>({
    at: 0,
    started: false,
    suppressClick: false,
  });
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => setMounted(true), []);
  useEffect(
    () => () => {
      recorder.current?.cancel();
      player.current?.stop();
    },
    [],
  );

  if (!available) {
    return (
      <p className="text-sm text-slate-600" data-testid="voice-unavailable">
        {messages.voice.unavailable}
      </p>
    );
  }

  const begin = async () => {
    if (stateRef.current !== 'idle' && stateRef.current !== 'error') return;
    if (chat.busy) return;
    setError(null);
    setState('starting');
    stateRef.current = 'starting';
    // Made during the gesture, so the browser lets it play the answer later.
    playback.current ??= new AudioContext();
    void playback.current.resume().catch(() => {});
    try {
      if (!navigator.mediaDevices?.getUserMedia)
        throw new DOMException(messages.voice.microphoneUnsupported, 'NotSupportedError');
      recorder.current = await startRecorder();
      setCapture(recorder.current.kind);
      setState('recording');
      stateRef.current = 'recording';
    } catch (caught) {
      setError(microphoneErrorMessage(caught));
      setState('error');
      stateRef.current = 'error';
    }
  };

  const send = async () => {
    const active = recorder.current;
    if (!active || stateRef.current !== 'recording') return;
    recorder.current = null;
    setState('sending');
    stateRef.current = 'sending';
    const recording = await active.stop();
    if (!recording) {
      setError('That was too short: hold the button while you speak.');
      setState('error');
      return;
    }
    const context = playback.current ?? new AudioContext();
    playback.current = null;
    void context.resume().catch(() => {});
    const speaker = new StreamingWavPlayer(context, () => {
      setAudioStarted(true);
      setState('playing');
    });
    player.current?.stop();
    player.current = speaker;
    setAudioStarted(false);
    setTranscript(null);
    try {
      await chat.sendVoice(recording, {
        heard: setTranscript,
        play: (chunk) => speaker.push(chunk),
        played: () => speaker.played(),
      });
      setState('idle');
    } catch (caught) {
      if (caught instanceof Error && caught.name === 'AbortError') return;
      setError(streamErrorMessage(caught));
      setState('error');
    }
  };

  const recording = state === 'recording';
  const working = state === 'starting' || state === 'sending' || state === 'playing';
  const label = recording
    ? 'Release or click to send'
    : state === 'sending'
      ? 'Listening to you…'
      : state === 'playing'
        ? 'The assistant is speaking…'
        : 'Hold to talk';

  return (
    <section
      className="flex flex-col gap-2"
      aria-label="Talk to the assistant"
      data-testid="voice"
      data-state={state}
      data-audio-played={audioStarted || undefined}
      data-capture={capture ?? undefined}
    >
      {/* Rendered by the server and replaced once the page runs: without JavaScript the note stays. */}
      {!mounted ? (
        <p className="text-sm text-slate-600">Talking to the assistant needs JavaScript; you can still type.</p>
      ) : null}
      {mounted ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            aria-pressed={recording}
            disabled={working || (chat.busy && !recording)}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              press.current = {
                at: Date.now(),
                started: stateRef.current === 'idle' || stateRef.current === 'error',
                suppressClick: false,
              };
              if (press.current.started) void begin();
            }}
            onPointerUp={() => {
              if (press.current.started && Date.now() - press.current.at >= HOLD_MS) {
                press.current.suppressClick = true;
                void send();
              }
            }}
            onClick={() => {
              const current = press.current;
              if (current.suppressClick) {
                current.suppressClick = false;
                return;
              }
              if (current.started) {
                // The click that ends a short press: keep recording until the next click.
                current.started = false;
                return;
              }
              if (stateRef.current === 'recording') void send();
              else void begin();
            }}
            className={`inline-flex touch-none select-none items-center gap-2 rounded-full px-4 py-2 font-medium shadow-sm disabled:opacity-60 ${
              recording ? 'bg-red-600 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
            onContextMenu={(event) => event.preventDefault()}
            data-testid="push-to-talk"
          >
            <span
              aria-hidden
              className={`inline-block h-3 w-3 rounded-full ${recording ? 'animate-pulse bg-white' : 'bg-red-500'}`}
            />
            {label}
          </button>
          {transcript ? (
            <p className="text-sm text-slate-700">
              You said:{' '}
              <span className="italic" data-testid="voice-transcript">
                {transcript}
              </span>
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="voice-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
