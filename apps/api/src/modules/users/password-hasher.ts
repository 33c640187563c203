import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

/** What the hasher process is asked to do. */
export type HashJob =
  { op: 'hash'; password: string; options: Record<string, number> } | { op: 'verify'; hash: string; password: string };

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const CHILD_SCRIPT = path.join(import.meta.dirname, 'password-hasher.child.mjs');
/** A hash takes tens of milliseconds; this long means the process is stuck. */
const JOB_TIMEOUT_MS = 30_000;

/**
 * argon2id in a child process at the lowest CPU priority: hashing uses only the CPU that requests
 * leave over, so logins never slow other calls down (docs/adr/0005). One per API process,
 * started at the first job, restarted if it dies, and never keeping the process alive when idle.
 */
export class PasswordHasherProcess {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  run(job: HashJob): Promise<string | boolean> {
    const child = this.ensureChild();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, { error: 'password hasher timed out' }), JOB_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      child.send({ id, ...job }, (error) => {
        if (error) this.settle(id, { error: error.message });
      });
    });
  }

  /** The hasher's process id while it runs (tests check its priority). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  stop(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private ensureChild(): ChildProcess {
    if (this.child?.connected) return this.child;
    const child = fork(CHILD_SCRIPT, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'json' });
    child.on('message', (message: { id: number; result?: string | boolean; error?: string }) => this.settle(message.id, message));
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      for (const id of [...this.pending.keys()]) this.settle(id, { error: 'password hasher stopped' });
    });
    child.on('error', () => undefined);
    // Idle, the hasher never keeps the API process alive; a job's timer does while it waits.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private settle(id: number, outcome: { result?: string | boolean; error?: string }): void {
    const job = this.pending.get(id);
    if (!job) return;
    this.pending.delete(id);
    clearTimeout(job.timer);
    if (outcome.error !== undefined || outcome.result === undefined) job.reject(new Error(outcome.error ?? 'no result'));
    else job.resolve(outcome.result);
  }
}
