/**
 * The pure parts of voice in the browser (no Web Audio here, so they are unit-tested on
 * Node): reading the header of the streaming WAV the assistant speaks, turning its 16-bit
 * PCM into samples as bytes arrive, and packing a recording as a 16 kHz mono WAV.
 */

/** What the voice upload sends: 16 kHz mono 16-bit PCM (the server then needs no ffmpeg). */
export const RECORDING_SAMPLE_RATE = 16_000;

export type WavFormat = { sampleRate: number; channels: number; bitsPerSample: number; dataOffset: number };

const ascii = (bytes: Uint8Array, offset: number) =>
  String.fromCharCode(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);

/**
 * The format of a WAV from its first bytes, or null while too few have arrived. Walks the
 * chunks up to `data` (a streaming WAV has the canonical 44-byte header with unknown sizes,
 * but a `LIST` chunk before `data` is allowed too). Throws on something that is not a
 * 16-bit PCM WAV.
 */
export function parseWavHeader(bytes: Uint8Array): WavFormat | null {
  if (bytes.byteLength < 12) return null;
  if (ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') throw new Error('The audio is not a WAV file.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavFormat, 'dataOffset'> | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'data') {
      if (!format) throw new Error('The WAV has no format chunk before its data.');
      return { ...format, dataOffset: offset + 8 };
    }
    if (id === 'fmt ') {
      if (offset + 8 + 16 > bytes.byteLength) return null;
      const audioFormat = view.getUint16(offset + 8, true);
      format = {
        channels: view.getUint16(offset + 10, true),
        sampleRate: view.getUint32(offset + 12, true),
        bitsPerSample: view.getUint16(offset + 22, true),
      };
      // 1 = PCM; 0xfffe = WAVE_FORMAT_EXTENSIBLE (PCM with a longer fmt chunk).
      if (
        (audioFormat !== 1 && audioFormat !== 0xfffe) ||
        format.bitsPerSample !== 16 ||
        format.channels < 1 ||
        format.sampleRate < 1
      ) {
        throw new Error('The WAV is not 16-bit PCM.');
      }
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/**
 * Turns the bytes of a streaming WAV into Float32 samples per channel as they arrive: the
 * header first, then whole frames (a frame split between two network chunks waits for
 * its second half).
 */
export class WavStreamDecoder {
  format: WavFormat | null = null;
  private pending: Uint8Array = new Uint8Array(0);

  /** Feed bytes; returns the complete frames among them (one array per channel), or null. */
  push(chunk: Uint8Array): Float32Array[] | null {
    this.pending = concat(this.pending, chunk);
    if (!this.format) {
      this.format = parseWavHeader(this.pending);
      if (!this.format) return null;
      this.pending = this.pending.slice(this.format.dataOffset);
    }
    const { channels } = this.format;
    const frameBytes = channels * 2;
    const frames = Math.floor(this.pending.byteLength / frameBytes);
    if (frames === 0) return null;
    const view = new DataView(this.pending.buffer, this.pending.byteOffset, frames * frameBytes);
    const out = Array.from({ length: channels }, () => new Float32Array(frames));
    for (let frame = 0; frame < frames; frame++) {
      for (let channel = 0; channel < channels; channel++) {
        out[channel][frame] = view.getInt16((frame * channels + channel) * 2, true) / 0x8000;
      }
    }
    this.pending = this.pending.slice(frames * frameBytes);
    return out;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

/** Join recorded blocks into one array. */
export function joinSamples(blocks: Float32Array[]): Float32Array {
  const out = new Float32Array(blocks.reduce((sum, block) => sum + block.length, 0));
  let offset = 0;
  for (const block of blocks) {
    out.set(block, offset);
    offset += block.length;
  }
  return out;
}

/**
 * Resample (a microphone's 44.1 or 48 kHz to 16 kHz) with a windowed-sinc low-pass: what
 * lies above the new rate's limit is filtered out instead of folding back as noise, which
 * speech recognition is sensitive to.
 */
export function downsample(samples: Float32Array, from: number, to: number, taps = 16): Float32Array {
  if (from === to) return samples;
  const ratio = from / to;
  // Cut a little below the new Nyquist frequency (only when going down).
  const cutoff = Math.min(1, to / from) * 0.9;
  const half = taps * Math.max(1, ratio);
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const centre = i * ratio;
    let sum = 0;
    let weights = 0;
    for (
      let j = Math.max(0, Math.ceil(centre - half));
      j <= Math.min(samples.length - 1, Math.floor(centre + half));
      j++
    ) {
      const x = j - centre;
      const arg = Math.PI * cutoff * x;
      const sinc = x === 0 ? 1 : Math.sin(arg) / arg;
      const window = 0.5 + 0.5 * Math.cos((Math.PI * x) / half);
      sum += samples[j] * sinc * window;
      weights += sinc * window;
    }
    out[i] = weights ? sum / weights : 0;
  }
  return out;
}

/** Float samples (-1..1) → a mono 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(out.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const sample = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(44 + i * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return out;
}
