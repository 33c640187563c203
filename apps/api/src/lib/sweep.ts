import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` as a recurring durable job (db/job-runner.ts): one instance
 * takes each turn, and a turn an instance died in is taken by another. A failure is logged and the
 * next turn goes ahead. The task must still be safe to run concurrently with itself.
 */
export function sweepEvery(app: FastifyInstance, name: string, intervalMs: number, task: () => Promise<unknown>): void {
  app.jobs.every(name, intervalMs, task);
}
