/**
 * A bzip2 decoder, written here because Node has gzip but no bzip2, and Betfair sells its
 * historic data as .bz2 files (docs/feeds.md "Replaying recorded markets"). It takes the
 * compressed file whole (historic files are a few megabytes per market) and yields the
 * decompressed data block by block (at most 900 kB each), so a large recording is never held
 * decompressed. Every block's CRC and every stream's combined CRC is checked: a damaged file
 * is refused, never read as wrong prices.
 *
 * The format: "BZh" + level, then blocks, each Huffman-coded move-to-front symbols of a
 * Burrows–Wheeler transform of run-length-encoded bytes; an end-of-stream marker; streams may be
 * concatenated (what pbzip2 writes).
 */

const BLOCK_MAGIC_HI = 0x314159;
const BLOCK_MAGIC_LO = 0x265359;
const END_MAGIC_HI = 0x177245;
const END_MAGIC_LO = 0x385090;
const MAX_GROUPS = 6;
const MAX_ALPHA = 258;
const MAX_CODE_LENGTH = 20;
const GROUP_SIZE = 50;
const RUNA = 0;
const RUNB = 1;

export class Bzip2Error extends Error {}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let c = i << 24;
    for (let k = 0; k < 8; k += 1) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[i] = c >>> 0;
  }
  return table;
})();

class BitReader {
  private position = 0;
  private bitBuffer = 0;
  private bitCount = 0;

  constructor(private readonly data: Uint8Array) {}

  bits(count: number): number {
    while (this.bitCount < count) {
      if (this.position >= this.data.length) throw new Bzip2Error('bzip2: the file ends in the middle of a block');
      this.bitBuffer = ((this.bitBuffer << 8) | (this.data[this.position++] ?? 0)) >>> 0;
      this.bitCount += 8;
    }
    this.bitCount -= count;
    return (this.bitBuffer >>> this.bitCount) & ((1 << count) - 1);
  }

  /** `bits` takes at most 24 at a time (the buffer is 32 bits wide). */
  bits32(): number {
    return ((this.bits(16) << 16) | this.bits(16)) >>> 0;
  }

  bit(): number {
    return this.bits(1);
  }

  /** Bits to the next byte boundary are padding at the end of a stream. */
  alignToByte(): void {
    this.bitCount -= this.bitCount % 8;
  }

  hasMore(): boolean {
    return this.position < this.data.length || this.bitCount >= 8;
  }
}

interface HuffmanTable {
  limit: Int32Array;
  base: Int32Array;
  perm: Int32Array;
  minLength: number;
}

function huffmanTable(lengths: Uint8Array, alphaSize: number): HuffmanTable {
  let minLength = MAX_CODE_LENGTH;
  let maxLength = 0;
  for (let i = 0; i < alphaSize; i += 1) {
    const length = lengths[i] ?? 0;
    if (length > maxLength) maxLength = length;
    if (length < minLength) minLength = length;
  }
  const perm = new Int32Array(MAX_ALPHA);
  let p = 0;
  for (let length = minLength; length <= maxLength; length += 1) {
    for (let symbol = 0; symbol < alphaSize; symbol += 1) if (lengths[symbol] === length) perm[p++] = symbol;
  }
  const count = new Int32Array(MAX_CODE_LENGTH + 2);
  for (let i = 0; i < alphaSize; i += 1) count[(lengths[i] ?? 0) + 1]! += 1;
  const limit = new Int32Array(MAX_CODE_LENGTH + 1).fill(-1);
  const base = new Int32Array(MAX_CODE_LENGTH + 2);
  // Canonical codes: codes of each length are consecutive; limit[l] is the largest l-bit code.
  let code = 0;
  let index = 0;
  for (let length = minLength; length <= maxLength; length += 1) {
    const n = count[length + 1] ?? 0;
    base[length] = index - code;
    code += n;
    index += n;
    limit[length] = code - 1;
    code <<= 1;
  }
  return { limit, base, perm, minLength };
}

function decodeSymbol(reader: BitReader, table: HuffmanTable): number {
  let length = table.minLength;
  let code = reader.bits(length);
  while (length <= MAX_CODE_LENGTH) {
    if (code <= (table.limit[length] ?? -1)) return table.perm[code + (table.base[length] ?? 0)] ?? 0;
    code = (code << 1) | reader.bit();
    length += 1;
  }
  throw new Bzip2Error('bzip2: a Huffman code that is no symbol');
}

/** One block: its bytes after undoing the BWT and the first run-length encoding. */
function decodeBlock(reader: BitReader, maxBlockSize: number): { data: Uint8Array; crc: number } {
  const expectedCrc = reader.bits32();
  if (reader.bit()) throw new Bzip2Error('bzip2: randomised blocks (bzip2 0.9.0) are not supported');
  const origPtr = reader.bits(24);

  // The bytes in use.
  const used: number[] = [];
  const ranges = reader.bits(16);
  for (let i = 0; i < 16; i += 1) {
    if (ranges & (0x8000 >> i)) {
      const bits = reader.bits(16);
      for (let j = 0; j < 16; j += 1) if (bits & (0x8000 >> j)) used.push(i * 16 + j);
    }
  }
  if (used.length === 0) throw new Bzip2Error('bzip2: a block uses no byte');
  const alphaSize = used.length + 2;

  const groups = reader.bits(3);
  if (groups < 2 || groups > MAX_GROUPS) throw new Bzip2Error('bzip2: bad number of Huffman tables');
  const selectorCount = reader.bits(15);
  if (selectorCount === 0) throw new Bzip2Error('bzip2: no selectors');
  const mtfGroups = Array.from({ length: groups }, (_, i) => i);
  const selectors = new Uint8Array(selectorCount);
  for (let i = 0; i < selectorCount; i += 1) {
    let j = 0;
    while (reader.bit()) {
      j += 1;
      if (j >= groups) throw new Bzip2Error('bzip2: bad selector');
    }
    const group = mtfGroups[j] ?? 0;
    mtfGroups.splice(j, 1);
    mtfGroups.unshift(group);
    selectors[i] = group;
  }

  const tables: HuffmanTable[] = [];
  for (let g = 0; g < groups; g += 1) {
    const lengths = new Uint8Array(MAX_ALPHA);
    let length = reader.bits(5);
    for (let symbol = 0; symbol < alphaSize; symbol += 1) {
      for (;;) {
        if (length < 1 || length > MAX_CODE_LENGTH) throw new Bzip2Error('bzip2: bad code length');
        if (!reader.bit()) break;
        length += reader.bit() ? -1 : 1;
      }
      lengths[symbol] = length;
    }
    tables.push(huffmanTable(lengths, alphaSize));
  }

  // Symbols → move-to-front indexes (with RUNA/RUNB runs of the front byte) → the BWT's last column.
  const mtf = Uint8Array.from(used);
  const counts = new Int32Array(256);
  const tt = new Uint32Array(maxBlockSize);
  let count = 0;
  let groupIndex = 0;
  let groupLeft = 0;
  let table = tables[0]!;
  let run = 0;
  let runWeight = 1;
  const endOfBlock = alphaSize - 1;
  for (;;) {
    if (groupLeft === 0) {
      if (groupIndex >= selectorCount) throw new Bzip2Error('bzip2: more symbols than selectors');
      table = tables[selectors[groupIndex++] ?? 0]!;
      groupLeft = GROUP_SIZE;
    }
    groupLeft -= 1;
    const symbol = decodeSymbol(reader, table);
    if (symbol === RUNA || symbol === RUNB) {
      run += (symbol === RUNA ? 1 : 2) * runWeight;
      runWeight <<= 1;
      if (run > maxBlockSize) throw new Bzip2Error('bzip2: a run longer than the block');
      continue;
    }
    if (run > 0) {
      const byte = mtf[0] ?? 0;
      if (count + run > maxBlockSize) throw new Bzip2Error('bzip2: a block longer than its level allows');
      counts[byte]! += run;
      tt.fill(byte, count, count + run);
      count += run;
      run = 0;
      runWeight = 1;
    }
    if (symbol === endOfBlock) break;
    const index = symbol - 1;
    if (index >= used.length) throw new Bzip2Error('bzip2: bad move-to-front index');
    const byte = mtf[index] ?? 0;
    mtf.copyWithin(1, 0, index);
    mtf[0] = byte;
    if (count >= maxBlockSize) throw new Bzip2Error('bzip2: a block longer than its level allows');
    counts[byte]! += 1;
    tt[count++] = byte;
  }
  if (origPtr >= count) throw new Bzip2Error('bzip2: bad origin pointer');

  // Inverse BWT: link each position to the next (the high 24 bits of tt hold the links).
  const starts = new Int32Array(256);
  for (let i = 0, sum = 0; i < 256; i += 1) {
    starts[i] = sum;
    sum += counts[i] ?? 0;
  }
  for (let i = 0; i < count; i += 1) {
    const byte = (tt[i] ?? 0) & 0xff;
    const at = starts[byte]!;
    starts[byte] = at + 1;
    tt[at] = (tt[at] ?? 0) | (i << 8);
  }

  // Walk the links, undoing the first run-length encoding (4 equal bytes, then a count).
  let out = new Uint8Array(count + 1024);
  let length = 0;
  let crc = 0xffffffff;
  const emit = (byte: number) => {
    if (length === out.length) {
      const grown = new Uint8Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[length++] = byte;
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  };
  let pos = (tt[origPtr] ?? 0) >>> 8;
  let last = -1;
  let same = 0;
  for (let i = 0; i < count; i += 1) {
    const entry = tt[pos] ?? 0;
    const byte = entry & 0xff;
    pos = entry >>> 8;
    if (same === 4) {
      for (let k = 0; k < byte; k += 1) emit(last);
      same = 0;
      last = -1;
      continue;
    }
    if (byte === last) same += 1;
    else {
      same = 1;
      last = byte;
    }
    emit(byte);
  }
  crc = ~crc >>> 0;
  if (crc !== expectedCrc) throw new Bzip2Error('bzip2: a block fails its CRC (the file is damaged)');
  return { data: out.subarray(0, length), crc };
}

/** Decompresses a whole .bz2 file (one or more concatenated streams), one block at a time. */
export function* bunzip2Blocks(input: Uint8Array): Generator<Uint8Array> {
  const reader = new BitReader(input);
  let streams = 0;
  while (reader.hasMore()) {
    if (reader.bits(8) !== 0x42 || reader.bits(8) !== 0x5a || reader.bits(8) !== 0x68) {
      if (streams > 0) return; // trailing garbage after a whole stream, as bzip2 itself tolerates
      throw new Bzip2Error('bzip2: not a bzip2 file');
    }
    const level = reader.bits(8) - 0x30;
    if (level < 1 || level > 9) throw new Bzip2Error('bzip2: bad block size');
    const maxBlockSize = level * 100_000;
    let combined = 0;
    for (;;) {
      const hi = reader.bits(24);
      const lo = reader.bits(24);
      if (hi === BLOCK_MAGIC_HI && lo === BLOCK_MAGIC_LO) {
        const block = decodeBlock(reader, maxBlockSize);
        combined = (((combined << 1) | (combined >>> 31)) ^ block.crc) >>> 0;
        yield block.data;
      } else if (hi === END_MAGIC_HI && lo === END_MAGIC_LO) {
        const expected = reader.bits32();
        if (expected !== combined) throw new Bzip2Error('bzip2: the stream fails its CRC (the file is damaged)');
        reader.alignToByte();
        streams += 1;
        break;
      } else {
        throw new Bzip2Error('bzip2: a block has no block marker (the file is damaged)');
      }
    }
  }
  if (streams === 0) throw new Bzip2Error('bzip2: an empty file');
}
