import { describe, expect, it } from 'vitest';
import {
  downsample,
  encodeWav,
  parseWavHeader,
  RECORDING_SAMPLE_RATE,
  WavStreamDecoder,
} from '../../app/lib/assistant-audio';

/** The streaming WAV header the server sends before the PCM: sizes unknown (0xffffffff). */
function streamingHeader(sampleRate: number, channels = 1): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 0xffffffff, true);
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
  view.setUint32(40, 0xffffffff, true);
  return header;
}

function pcm(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => view.setInt16(i * 2, value, true));
  return out;
}

describe('voice audio in the browser', () => {
  it('reads the sample rate from the 44-byte streaming WAV header, and waits while it is incomplete', () => {
    const header = streamingHeader(22_050);
    expect(parseWavHeader(header.slice(0, 30))).toBeNull();
    expect(parseWavHeader(header)).toEqual({ sampleRate: 22_050, channels: 1, bitsPerSample: 16, dataOffset: 44 });
  });

  it('refuses something that is not a WAV', () => {
    expect(() => parseWavHeader(new TextEncoder().encode('{"errors":["nope"]}'))).toThrow('not a WAV');
  });

  it('turns PCM into samples as bytes arrive, keeping a sample split between chunks for the next one', () => {
    const decoder = new WavStreamDecoder();
    const bytes = new Uint8Array([...streamingHeader(16_000), ...pcm([0, 16_384, -32_768, 32_767])]);
    // The header and one and a half samples, then the rest.
    const first = decoder.push(bytes.slice(0, 47));
    expect(decoder.format?.sampleRate).toBe(16_000);
    expect(first?.[0]).toEqual(new Float32Array([0]));
    const second = decoder.push(bytes.slice(47));
    expect(Array.from(second?.[0] ?? [])).toEqual([0.5, -1, 32_767 / 32_768]);
    expect(decoder.push(new Uint8Array(0))).toBeNull();
  });

  it('splits stereo frames into one array per channel', () => {
    const decoder = new WavStreamDecoder();
    const channels = decoder.push(new Uint8Array([...streamingHeader(8_000, 2), ...pcm([16_384, -16_384, 0, 8_192])]));
    expect(channels?.map((channel) => Array.from(channel))).toEqual([
      [0.5, 0],
      [-0.5, 0.25],
    ]);
  });

  it('resamples 48 kHz to 16 kHz, filtering out what 16 kHz cannot hold, and packs a mono 16-bit WAV the server can read', () => {
    // A level of 0.5 with a 16 kHz ripple on top: only the level may survive.
    const samples = new Float32Array(48_000).map((_, i) => (i % 3 === 0 ? 0.3 : 0.6));
    const resampled = downsample(samples, 48_000, RECORDING_SAMPLE_RATE);
    expect(resampled.length).toBe(16_000);
    for (const index of [100, 8_000, 15_900]) expect(resampled[index]).toBeCloseTo(0.5, 2);
    // A 440 Hz tone passes through with its level.
    const tone = new Float32Array(48_000).map((_, i) => 0.8 * Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const kept = downsample(tone, 48_000, RECORDING_SAMPLE_RATE);
    expect(Math.max(...kept.slice(100, 15_900))).toBeCloseTo(0.8, 1);

    const wav = encodeWav(resampled, RECORDING_SAMPLE_RATE);
    expect(wav.byteLength).toBe(44 + 16_000 * 2);
    expect(parseWavHeader(wav)).toEqual({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataOffset: 44 });
    const view = new DataView(wav.buffer);
    expect(view.getUint32(40, true)).toBe(32_000);
    expect(view.getInt16(44 + 8_000 * 2, true)).toBe(Math.trunc(resampled[8_000] * 0x7fff));
  });

  it('clips samples beyond full scale instead of wrapping around', () => {
    const wav = encodeWav(new Float32Array([2, -2]), 16_000);
    const view = new DataView(wav.buffer);
    expect(view.getInt16(44, true)).toBe(32_767);
    expect(view.getInt16(46, true)).toBe(-32_768);
  });
});
