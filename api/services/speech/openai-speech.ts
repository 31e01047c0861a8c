import { serviceErrorDetail } from '#api/lib/service-error-detail';
import { sentences } from './sentences';
import type { SpeechToText, TextToSpeech } from './types';
import { streamingWavHeader } from './wav';

/**
 * Speech through an OpenAI-compatible API: POST /audio/transcriptions (multipart: file,
 * model, prompt) and POST /audio/speech ({ model, input, voice, response_format: 'pcm' }).
 * `pcm` is raw 24 kHz 16-bit mono, so each sentence's audio is forwarded as it arrives
 * behind one streaming WAV header, the same shape as the embedded voice.
 */
export const OPENAI_PCM_SAMPLE_RATE = 24_000;
const TIMEOUT_MS = 60_000;

export type OpenAiSpeechOptions = {
  baseUrl: string;
  apiKey?: string;
  sttModel?: string;
  ttsModel?: string;
  voice?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

async function failure(response: Response): Promise<Error> {
  const detail = await serviceErrorDetail(response);
  return new Error(`The speech service answered ${response.status}${detail ? `: ${detail}` : ''}`);
}

function request(options: OpenAiSpeechOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  return async (
    pathname: string,
    init: { body: BodyInit; json?: boolean; signal?: AbortSignal },
  ): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${base}${pathname}`, {
        method: 'POST',
        headers: {
          ...(init.json ? { 'content-type': 'application/json' } : {}),
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: init.body,
        signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason ?? error;
      if (timeout.aborted)
        throw new Error(`The speech service did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new Error(`The speech service could not be reached: ${cause}`);
    }
    if (!response.ok) throw await failure(response);
    return response;
  };
}

export function createOpenAiStt(options: OpenAiSpeechOptions): SpeechToText {
  const post = request(options);
  return {
    name: 'openai-compatible',
    async transcribe(wav, transcribeOptions = {}) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav');
      form.set('model', options.sttModel ?? 'whisper-1');
      form.set('response_format', 'json');
      // Whisper-style models take a prompt: the business's own words, so names are spelled right.
      const vocabulary = (transcribeOptions.vocabulary ?? []).filter(Boolean);
      if (vocabulary.length) form.set('prompt', vocabulary.join(', ').slice(0, 800));
      const response = await post('/audio/transcriptions', { body: form, signal: transcribeOptions.signal });
      const text = await response.text();
      try {
        const json = JSON.parse(text) as { text?: string };
        return (json.text ?? '').trim();
      } catch {
        return text.trim(); // response_format ignored: plain text
      }
    },
  };
}

export function createOpenAiTts(options: OpenAiSpeechOptions): TextToSpeech {
  const post = request(options);
  return {
    name: 'openai-compatible',
    async *speak(text, speakOptions = {}) {
      const { signal } = speakOptions;
      yield streamingWavHeader(OPENAI_PCM_SAMPLE_RATE);
      let odd: Uint8Array | null = null;
      for await (const sentence of sentences(text)) {
        signal?.throwIfAborted();
        const response = await post('/audio/speech', {
          json: true,
          body: JSON.stringify({
            model: options.ttsModel ?? 'tts-1',
            input: sentence,
            voice: options.voice ?? 'alloy',
            response_format: 'pcm',
          }),
          signal,
        });
        if (!response.body) throw new Error('The speech service answered without audio.');
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          let data = chunk;
          if (odd) {
            data = new Uint8Array(odd.length + chunk.length);
            data.set(odd);
            data.set(chunk, odd.length);
            odd = null;
          }
          // Samples are two bytes: keep a split one for the next piece.
          if (data.length % 2) {
            odd = data.slice(data.length - 1);
            data = data.subarray(0, data.length - 1);
          }
          if (data.length) yield data;
        }
      }
    },
  };
}
