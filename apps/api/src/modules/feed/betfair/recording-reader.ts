import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { bunzip2Blocks } from './bzip2';

/** How a recording is compressed, told by its first bytes (Betfair's files are named either way). */
export async function compressionOf(file: string): Promise<'gzip' | 'bzip2' | 'plain'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
    if (bytesRead === 3 && head.toString('latin1') === 'BZh') return 'bzip2';
    return 'plain';
  } finally {
    await handle.close();
  }
}

/** The lines of a bzip2 file, decompressed a block at a time. */
async function* bzip2Lines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for (const block of bunzip2Blocks(await readFile(file))) {
    const text = rest + decoder.write(Buffer.from(block.buffer, block.byteOffset, block.byteLength));
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) yield line;
    // Let timers and requests run between blocks: a block is up to 900 kB of lines.
    await new Promise((resolve) => setImmediate(resolve));
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/**
 * The non-empty lines of a Betfair recording (plain, .gz or .bz2), in order. `close` stops the
 * reading early (a replay stopped half way).
 */
export function readRecordingLines(file: string): { lines: AsyncIterable<string>; close(): void } {
  let closeReader: () => void = () => undefined;
  async function* lines(): AsyncGenerator<string> {
    const kind = await compressionOf(file);
    if (kind === 'bzip2') {
      let closed = false;
      closeReader = () => (closed = true);
      for await (const line of bzip2Lines(file)) {
        if (closed) return;
        if (line.trim()) yield line.replace(/\r$/, '');
      }
      return;
    }
    const raw = createReadStream(file);
    const input = kind === 'gzip' ? raw.pipe(createGunzip()) : raw;
    raw.on('error', (error) => input.destroy(error));
    const reader = createInterface({ input, crlfDelay: Infinity });
    closeReader = () => {
      reader.close();
      raw.destroy();
    };
    try {
      for await (const line of reader) if (line.trim()) yield line;
    } finally {
      raw.destroy();
    }
  }
  return { lines: lines(), close: () => closeReader() };
}
