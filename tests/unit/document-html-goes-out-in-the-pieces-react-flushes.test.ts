import { Writable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FlushGroupingStream } from '#app/lib/flush-grouping-stream.server';

const collect = (stream: FlushGroupingStream) => {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { chunks, ended: new Promise((resolve) => stream.on('end', resolve)) };
};

describe('the document stream', () => {
  it('passes what was written between two flushes on as one piece, and the rest at the end', async () => {
    const stream = new FlushGroupingStream();
    const { chunks, ended } = collect(stream);
    stream.write('<html>');
    stream.write(new TextEncoder().encode('<body>'));
    stream.flush();
    stream.flush();
    stream.write('</body>');
    stream.end('</html>');
    await ended;
    expect(chunks.map(String)).toEqual(['<html><body>', '</body></html>']);
  });

  it('a React render of many rows arrives as a few pieces with the same bytes', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => createElement('li', { key: i }, `Row ${i} – ünïcode`));
    const page = createElement('ul', null, rows);
    const render = (destination: Writable) =>
      new Promise<void>((resolve, reject) => {
        const { pipe } = renderToPipeableStream(page, {
          onAllReady: () => {
            pipe(destination);
          },
          onError: reject,
        });
        destination.on('finish', () => resolve());
      });

    const plain: Buffer[] = [];
    await render(new Writable({ write: (chunk, _encoding, callback) => (plain.push(chunk), callback()) }));
    const grouped = new FlushGroupingStream();
    const { chunks, ended } = collect(grouped);
    await render(grouped);
    await ended;

    expect(plain.length).toBeGreaterThan(20);
    expect(chunks.length).toBeLessThan(3);
    expect(Buffer.concat(chunks).equals(Buffer.concat(plain))).toBe(true);
  });
});
