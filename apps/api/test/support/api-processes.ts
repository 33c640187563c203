import { type ChildProcess, spawn } from 'node:child_process';
import { bundledScript } from '../test-app';
import type { BundledScript } from './bundled-scripts';

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** POST /api/<path> with a JSON body (or raw text), optionally with a bearer token and a client address. */
  post(
    path: string,
    body: unknown,
    options?: { token?: string; forwardedFor?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer>;
  stop(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  body: { status: boolean; message: string; code?: string; data?: unknown };
  headers: Headers;
}

/**
 * Runs a server script that prints `{"port":N}` once listening, bundled for plain `node` by
 * test/global-setup.ts, as a child process on the database of `env`; resolves with its address.
 */
export function spawnServerScript(
  script: BundledScript,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [bundledScript(script)], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO_DATA: '0', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    // Log lines may come first: wait for the port line.
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = /^\{"port":(\d+)\}$/m.exec(stdout)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
}

/** Starts an API server process on the database of `env` (already migrated) and waits for its port. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const { child, url } = await spawnServerScript('api-server', env);
  return {
    child,
    url,
    async post(apiPath, body, options = {}) {
      const response = await fetch(`${url}/api/${apiPath}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
          ...options.headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as ApiAnswer['body'], headers: response.headers };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
