import { Transform, type TransformCallback } from 'node:stream';

/**
 * The document's HTML, passed on in the pieces React flushes rather than the pieces it writes.
 * renderToPipeableStream writes 2 kB at a time and calls `flush()` whenever it has nothing
 * more to send for now; Remix hands every piece on through a web stream and flushes the
 * response after each one, which under `compression` is a zlib sync flush per 2 kB (a list of
 * 500 contacts was over 400 of them). Held until React flushes, the same bytes go out at the
 * same moments React meant them to, in one write each.
 */
export class FlushGroupingStream extends Transform {
  #pieces: Buffer[] = [];

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#pieces.push(chunk);
    callback();
  }

  /** Called by React when it has written all it can for now. */
  flush(): void {
    if (this.#pieces.length === 0) return;
    this.push(this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces));
    this.#pieces = [];
  }

  _flush(callback: TransformCallback): void {
    this.flush();
    callback();
  }
}
