import type { Wav } from './types';

/**
 * WAV (RIFF, 16-bit PCM) reading and writing, enough for voice conversations: the browser
 * uploads 16 kHz mono PCM16, espeak-ng writes 22050 Hz mono, OpenAI's `pcm` speech is
 * 24 kHz mono. A reply is streamed as one WAV whose header carries an open length
 * (0xFFFFFFFF), so playback can start before the whole reply is spoken.
 */
export class WavError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavError';
  }
}

/** The length a streaming header announces: "until the stream ends". */
export const OPEN_LENGTH = 0xffffffff;
export const WAV_HEADER_BYTES = 44;

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

/**
 * Reads a RIFF/WAVE file of 16-bit PCM. Chunks other than `fmt ` and `data` are skipped
 * (LIST, fact…); an open or too long data length (a streamed WAV) runs to the end of the bytes.
 */
export function parseWav(bytes: Uint8Array): Wav {
  if (bytes.byteLength < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') {
    throw new WavError('The audio is not a WAV file (RIFF/WAVE header missing).');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= bytes.byteLength) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.byteLength) throw new WavError('The WAV file has a truncated format chunk.');
      let audioFormat = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (audioFormat === 0xfffe && size >= 40 && body + 26 <= bytes.byteLength)
        audioFormat = view.getUint16(body + 24, true);
      format = {
        audioFormat,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new WavError('The WAV file has no format chunk before its data.');
      if (format.audioFormat !== 1 || format.bitsPerSample !== 16) {
        throw new WavError(
          `The WAV file must be 16-bit PCM (it is ${format.audioFormat === 1 ? `${format.bitsPerSample}-bit PCM` : `format ${format.audioFormat}`}).`,
        );
      }
      if (format.channels < 1 || format.sampleRate < 1)
        throw new WavError('The WAV file has no channels or no sample rate.');
      const frame = format.channels * 2;
      let end = size === OPEN_LENGTH || body + size > bytes.byteLength ? bytes.byteLength : body + size;
      end -= (end - body) % frame;
      return {
        sampleRate: format.sampleRate,
        channels: format.channels,
        bitsPerSample: 16,
        pcm: bytes.slice(body, end),
      };
    }
    if (size === OPEN_LENGTH) break;
    offset = body + size + (size % 2);
  }
  throw new WavError(format ? 'The WAV file has no audio data.' : 'The WAV file has no format chunk.');
}

function header(sampleRate: number, channels: number, dataBytes: number): Uint8Array {
  const out = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(out.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) out[offset + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, dataBytes === OPEN_LENGTH ? OPEN_LENGTH : 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  return out;
}

/** The 44-byte header of a WAV whose length is not known yet (RIFF and data sizes 0xFFFFFFFF). */
export function streamingWavHeader(sampleRate: number, channels = 1): Uint8Array {
  return header(sampleRate, channels, OPEN_LENGTH);
}

/** A complete WAV of interleaved 16-bit samples. */
export function encodeWav(pcm16: Int16Array, sampleRate: number, channels = 1): Uint8Array {
  const out = new Uint8Array(WAV_HEADER_BYTES + pcm16.byteLength);
  out.set(header(sampleRate, channels, pcm16.byteLength));
  const view = new DataView(out.buffer);
  for (let i = 0; i < pcm16.length; i++) view.setInt16(WAV_HEADER_BYTES + i * 2, pcm16[i]!, true);
  return out;
}

/** Little-endian PCM16 bytes as samples (copies, so any byte alignment works). */
export function pcm16FromBytes(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Samples as little-endian PCM16 bytes. */
export function bytesFromPcm16(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return out;
}

/** Interleaved samples of several channels averaged to one. */
export function downmixToMono(samples: Int16Array, channels: number): Int16Array {
  if (channels <= 1) return samples;
  const frames = Math.floor(samples.length / channels);
  const out = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) sum += samples[frame * channels + channel]!;
    out[frame] = Math.round(sum / channels);
  }
  return out;
}

/**
 * Mono samples from one rate to another by linear interpolation. Enough for speech
 * recognition (pocketsphinx's model is 16 kHz): when lowering the rate a short moving
 * average first keeps the worst aliasing out.
 */
export function resamplePcm16(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!(fromRate > 0 && toRate > 0)) throw new WavError('Sample rates must be positive.');
  if (fromRate === toRate || samples.length === 0) return samples.slice();
  let source: Int16Array | Float32Array = samples;
  const ratio = fromRate / toRate;
  if (ratio > 1) {
    const width = Math.max(1, Math.round(ratio));
    if (width > 1) {
      const smoothed = new Float32Array(samples.length);
      let sum = 0;
      for (let i = 0; i < samples.length; i++) {
        sum += samples[i]!;
        if (i >= width) sum -= samples[i - width]!;
        smoothed[i] = sum / Math.min(i + 1, width);
      }
      source = smoothed;
    }
  }
  const length = Math.max(1, Math.round(samples.length / ratio));
  const out = new Int16Array(length);
  const last = source.length - 1;
  for (let i = 0; i < length; i++) {
    const position = i * ratio;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = source[Math.min(index, last)]!;
    const b = source[Math.min(index + 1, last)]!;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(a + (b - a) * fraction)));
  }
  return out;
}

/** Any parsed 16-bit WAV as mono samples at `rate` (what a recogniser wants). */
export function toMonoPcm16(wav: Wav, rate: number): Int16Array {
  return resamplePcm16(downmixToMono(pcm16FromBytes(wav.pcm), wav.channels), wav.sampleRate, rate);
}
