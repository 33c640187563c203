// A password hashing worker thread: argon2id, one job at a time, at the normal priority of the
// API process (docs/accounts.md, "Passwords": at the lowest priority a busy CPU stretched logins to
// their timeout). Plain JS so it starts without a TypeScript loader. Messages: {id, op:
// 'hash'|'verify', password, hash?, options?}.
import { parentPort } from 'node:worker_threads';
import argon2 from 'argon2';

parentPort?.on('message', async (message) => {
  const { id, op, password, hash, options } = message;
  try {
    const result =
      op === 'hash'
        ? await argon2.hash(password, { ...options, type: argon2.argon2id })
        : await argon2.verify(hash, password).catch(() => false);
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
