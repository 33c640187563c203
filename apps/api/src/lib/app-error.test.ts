import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';

describe('AppError', () => {
  it('carries no stack frames for a refusal (a cheap answer to a hostile body), and keeps them for a fault', () => {
    const refusal = new AppError('BAD_REQUEST', 'The request body is nested too deeply');
    expect(refusal.statusCode).toBe(400);
    expect(refusal.stack).not.toMatch(/\n\s+at /);
    const fault = new AppError('INTERNAL', 'Something went wrong');
    expect(fault.stack).toMatch(/\n\s+at /);
    // The process's own limit is left as it was.
    expect(new Error('x').stack).toMatch(/\n\s+at /);
  });
});
