import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bzip2Error, bunzip2Blocks } from './bzip2';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/betfair');
const whole = (input: Uint8Array) => Buffer.concat([...bunzip2Blocks(input)].map((block) => Buffer.from(block)));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

// Made with Python's bz2 (libbzip2): runs longer than 4 bytes, every byte value, and two streams one after the other.
const RUNS = Buffer.from(
  'QlpoOTFBWSZTWXy4waQAAJR/////////////////////////////////////////////sAFgAM/9VVE0E9ATAExMBGmAAmAATAARgAGgAABoA0aAAIwmAhgJgEYTACMTAEwEGmCYAAEwkwAEwABMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEmAAmAAJgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABD+6CFRhDIyjSNo4+BDrvHkeR9IEhSJ8KRpIkqTJOlCUpUlb4ksS1LnxpemCYpkmaaJq+R8qbPmRM4TlOk7TxPU+T9QFBUJQ3zqIoqjKOpCkqUpamKapynqgqL6FSVNVFVVZV1YVlWlbVxXVefS+pX1gWFYljWRZVmWdaFpWp7FDiIIIIhCFtW5b1zuK5O1dEMuq7I1d14ggvKEvS4L2vi+r8v7AMCiWCVxLMFCwYNCQQYRhWGYdiGJRTFMWi2MY1jmPZBkWSZNlGVZZl2YZl9b7GaZtnGdfazzPtA0LRNG0j7n3vwaVpmnahqWqat+LWNa1zXtg2LZNm/J+baNq2zbv0bhuW6btvG9b5v3AcF+r9nCcNxH7uK4zjuQ5LlOW5jmv4c5z3QdF0nTdR/L+n9v8dV/rrOu7DsovtIp/ztu47rvO+8DwvE8byPK8zzvQ9L1PWkrDexFP/e17nvF3JFOFCQfLjBpA==',
  'base64',
);
const TWO_STREAMS = Buffer.from(
  'QlpoOTFBWSZTWSoEXTgAAAJRgAAQQAAjIhwAIAAxADAgGmJzC0kIJx4u5IpwoSBUCLpwQlpoOTFBWSZTWYRSkJQAAAXRgAAQQAAuA5wAIAAiANDQQNA0BQS9OE8eHi7kinChIQilISg=',
  'base64',
);

describe('bzip2', () => {
  it('decodes runs, every byte value and concatenated streams', () => {
    const runs = whole(RUNS);
    expect(runs.length).toBe(2074);
    expect(sha256(runs)).toBe('68a55a3ddd90389190bb992a332ad2dfe9d61b2c990e69661ccee553639f9b1d');
    expect(whole(TWO_STREAMS).toString()).toBe('first stream\nsecond stream\n');
  });

  it('decodes the recorded cricket market (several 900 kB blocks) exactly as bzip2 does', () => {
    const plain = whole(readFileSync(path.join(FIXTURES, '1.200806927.bz2')));
    expect(plain.length).toBe(3_071_885);
    expect(sha256(plain)).toBe('be96a0d491b6c5f7cdf1383c6001272dcf2f90a3d97d3c97f0193fbd6dc23dd5');
  });

  it('refuses a damaged file, a file cut short and a file that is not bzip2', () => {
    const damaged = Buffer.from(RUNS);
    damaged[200] = (damaged[200] ?? 0) ^ 0x10;
    expect(() => whole(damaged)).toThrow(Bzip2Error);
    expect(() => whole(RUNS.subarray(0, RUNS.length - 20))).toThrow(Bzip2Error);
    expect(() => whole(Buffer.from('{"op":"mcm"}\n'))).toThrow(/not a bzip2 file/);
  });
});
