import { describe, expect, it } from 'vitest';
import {
  bytesFromPcm16,
  downmixToMono,
  encodeWav,
  OPEN_LENGTH,
  parseWav,
  pcm16FromBytes,
  resamplePcm16,
  streamingWavHeader,
  toMonoPcm16,
  WavError,
} from '#api/services/speech/wav';

const sine = (rate: number, seconds: number, frequency = 440) =>
  Int16Array.from({ length: Math.round(rate * seconds) }, (_, index) =>
    Math.round(Math.sin((2 * Math.PI * frequency * index) / rate) * 12_000),
  );

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const text = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

describe('WAV files', () => {
  it('encodes 16-bit PCM with a correct RIFF header and reads it back', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const wav = encodeWav(samples, 16_000);
    expect(wav.byteLength).toBe(44 + samples.length * 2);
    expect(text(wav, 0)).toBe('RIFF');
    expect(view(wav).getUint32(4, true)).toBe(36 + samples.length * 2);
    expect(text(wav, 8)).toBe('WAVE');
    expect(view(wav).getUint32(24, true)).toBe(16_000);
    expect(view(wav).getUint32(28, true)).toBe(32_000);
    const parsed = parseWav(wav);
    expect(parsed).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    expect(Array.from(pcm16FromBytes(parsed.pcm))).toEqual(Array.from(samples));
  });

  it('writes a streaming header whose lengths are open (0xFFFFFFFF) and still reads what follows it', () => {
    const header = streamingWavHeader(22_050);
    expect(header.byteLength).toBe(44);
    expect(view(header).getUint32(4, true)).toBe(OPEN_LENGTH);
    expect(view(header).getUint32(40, true)).toBe(OPEN_LENGTH);
    expect(view(header).getUint32(24, true)).toBe(22_050);
    const body = bytesFromPcm16(Int16Array.from([5, -5, 7]));
    const streamed = new Uint8Array([...header, ...body]);
    const parsed = parseWav(streamed);
    expect(parsed.sampleRate).toBe(22_050);
    expect(Array.from(pcm16FromBytes(parsed.pcm))).toEqual([5, -5, 7]);
  });

  it('skips extra chunks (LIST) and reads stereo', () => {
    const stereo = encodeWav(Int16Array.from([100, 300, -100, -300]), 8000, 2);
    const list = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([4, 0, 0, 0, 1, 2, 3, 4]));
    const withList = new Uint8Array([...stereo.subarray(0, 36), ...list, ...stereo.subarray(36)]);
    const parsed = parseWav(withList);
    expect(parsed.channels).toBe(2);
    expect(Array.from(toMonoPcm16(parsed, 8000))).toEqual([200, -200]);
  });

  it('refuses what is not a 16-bit PCM WAV with a clear message', () => {
    expect(() => parseWav(new TextEncoder().encode('ID3 this is an mp3 file really'))).toThrow(
      'The audio is not a WAV file (RIFF/WAVE header missing).',
    );
    expect(() => parseWav(new Uint8Array(4))).toThrow(WavError);
    const float = encodeWav(Int16Array.from([1, 2]), 16_000);
    view(float).setUint16(20, 3, true); // IEEE float
    view(float).setUint16(34, 32, true);
    expect(() => parseWav(float)).toThrow('The WAV file must be 16-bit PCM (it is format 3).');
    const eightBit = encodeWav(Int16Array.from([1, 2]), 16_000);
    view(eightBit).setUint16(34, 8, true);
    expect(() => parseWav(eightBit)).toThrow('The WAV file must be 16-bit PCM (it is 8-bit PCM).');
    expect(() => parseWav(encodeWav(new Int16Array(0), 16_000).subarray(0, 12))).toThrow(
      'The WAV file has no format chunk.',
    );
    expect(() => parseWav(encodeWav(new Int16Array(0), 16_000).subarray(0, 36))).toThrow(
      'The WAV file has no audio data.',
    );
  });

  it('down-mixes channels by averaging them', () => {
    expect(Array.from(downmixToMono(Int16Array.from([10, 20, -10, -30, 32767, 32767]), 2))).toEqual([15, -20, 32767]);
    expect(Array.from(downmixToMono(Int16Array.from([1, 2, 3]), 1))).toEqual([1, 2, 3]);
  });

  it('resamples linearly: length follows the rate, a tone keeps its frequency, nothing clips', () => {
    const tone = sine(22_050, 1);
    const down = resamplePcm16(tone, 22_050, 16_000);
    expect(down.length).toBe(16_000);
    // Zero crossings per second ≈ 2 × 440 Hz at either rate.
    const crossings = (samples: Int16Array) =>
      samples.reduce((count, value, index) => (index && value < 0 !== samples[index - 1]! < 0 ? count + 1 : count), 0);
    expect(Math.abs(crossings(down) - 880)).toBeLessThan(10);
    const up = resamplePcm16(Int16Array.from([0, 100]), 8000, 16_000);
    expect(Array.from(up)).toEqual([0, 50, 100, 100]);
    expect(Array.from(resamplePcm16(Int16Array.from([1, 2, 3]), 16_000, 16_000))).toEqual([1, 2, 3]);
    expect(
      Math.max(...resamplePcm16(Int16Array.from([32767, -32768, 32767, -32768]), 48_000, 16_000)),
    ).toBeLessThanOrEqual(32767);
    expect(() => resamplePcm16(Int16Array.from([1]), 0, 16_000)).toThrow('Sample rates must be positive.');
  });
});
