import { describe, expect, it } from 'vitest';
import { LineReader, StreamProtocolError } from './stream-lines';
import type { MarketChangeMessage } from './stream-messages';
import { SegmentJoiner } from './stream-segments';
import { knownStatusCode, reconnectDelayMs } from './stream-status';

describe('LineReader', () => {
  it('cuts CRLF lines across chunks, a character split between chunks included', () => {
    const reader = new LineReader(1024);
    const bytes = Buffer.from('{"a":"₹1"}\r\n{"b":2}\r\n\r\n{"c"');
    // Split inside the three bytes of ₹.
    const cut = bytes.indexOf(Buffer.from('₹')) + 1;
    expect(reader.push(bytes.subarray(0, cut))).toEqual([]);
    expect(reader.push(bytes.subarray(cut))).toEqual(['{"a":"₹1"}', '{"b":2}']);
    expect(reader.push(Buffer.from(':3}\n'))).toEqual(['{"c":3}']);
  });

  it('refuses a line past the limit, whole or still coming', () => {
    expect(() => new LineReader(8).push(Buffer.from('0123456789\r\n'))).toThrow(StreamProtocolError);
    const reader = new LineReader(8);
    reader.push(Buffer.from('01234'));
    expect(() => reader.push(Buffer.from('56789'))).toThrow(StreamProtocolError);
  });
});

describe('SegmentJoiner', () => {
  const segment = (fields: Partial<MarketChangeMessage>): MarketChangeMessage => ({ op: 'mcm', id: 2, pt: 1, ...fields });

  it('passes a whole message through and joins segments: every market in order, the last clk, the first change type', () => {
    const joiner = new SegmentJoiner();
    const plain = segment({ clk: 'a', mc: [{ id: '1.1' }] });
    expect(joiner.push(plain)).toBe(plain);
    expect(
      joiner.push(segment({ segmentType: 'SEG_START', ct: 'SUB_IMAGE', initialClk: 'i', pt: 10, mc: [{ id: '1.1' }] })),
    ).toBeUndefined();
    expect(joiner.push(segment({ segmentType: 'SEG', pt: 11, mc: [{ id: '1.2' }] }))).toBeUndefined();
    expect(joiner.push(segment({ segmentType: 'SEG_END', clk: 'c', pt: 12, mc: [{ id: '1.3' }] }))).toEqual({
      op: 'mcm',
      id: 2,
      ct: 'SUB_IMAGE',
      initialClk: 'i',
      clk: 'c',
      pt: 12,
      mc: [{ id: '1.1' }, { id: '1.2' }, { id: '1.3' }],
    });
  });

  it('refuses segments out of order, and forgets a half message on reset', () => {
    const joiner = new SegmentJoiner();
    expect(() => joiner.push(segment({ segmentType: 'SEG' }))).toThrow(StreamProtocolError);
    joiner.push(segment({ segmentType: 'SEG_START' }));
    expect(() => joiner.push(segment({}))).toThrow(StreamProtocolError);
    joiner.reset();
    expect(joiner.push(segment({ clk: 'x' }))).toMatchObject({ clk: 'x' });
  });
});

describe('status errors and backoff', () => {
  it('reports a code Betfair has added since as UNEXPECTED_ERROR', () => {
    expect(knownStatusCode('INVALID_APP_KEY')).toBe('INVALID_APP_KEY');
    expect(knownStatusCode('SOMETHING_NEW')).toBe('UNEXPECTED_ERROR');
    expect(knownStatusCode('constructor')).toBe('UNEXPECTED_ERROR');
  });

  it('doubles the wait up to the maximum, never below half of it', () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3, 4].map((attempt) => reconnectDelayMs(attempt, 1_000, 60_000, low))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((attempt) => reconnectDelayMs(attempt, 1_000, 60_000, high))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelayMs(50, 1_000, 60_000, high)).toBe(60_000);
    expect(reconnectDelayMs(50, 1_000, 60_000, low)).toBe(30_000);
  });
});
