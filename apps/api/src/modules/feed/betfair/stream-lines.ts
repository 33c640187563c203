/** The stream's framing is broken: the connection is dropped and opened again. */
export class StreamProtocolError extends Error {}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts the stream's bytes into lines (Betfair ends each JSON message with CRLF). A chunk may
 * end mid-line or mid-character, so bytes are only decoded once their line is whole. A line
 * longer than `maxLineBytes` is refused: with segmentation on, Betfair keeps messages small,
 * and an endless line would otherwise grow without bound.
 */
export class LineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF, start); end !== -1; end = chunk.indexOf(LF, start)) {
      let line: Buffer;
      if (this.pending.length === 0) {
        line = chunk.subarray(start, end);
      } else {
        line = Buffer.concat([...this.pending, chunk.subarray(start, end)]);
        this.pending = [];
        this.pendingBytes = 0;
      }
      if (line.length > this.maxLineBytes)
        throw new StreamProtocolError(`a line of ${line.length} bytes (limit ${this.maxLineBytes})`);
      const length = line.length > 0 && line[line.length - 1] === CR ? line.length - 1 : line.length;
      if (length > 0) lines.push(line.toString('utf8', 0, length));
      start = end + 1;
    }
    if (start < chunk.length) {
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > this.maxLineBytes) {
        throw new StreamProtocolError(`a line of more than ${this.maxLineBytes} bytes`);
      }
      // A copy: the socket may reuse its buffer.
      this.pending.push(Buffer.from(chunk.subarray(start)));
    }
    return lines;
  }
}
