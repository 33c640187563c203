// The password hasher process: argon2id at the lowest CPU priority, so hashing only ever uses
// CPU that requests do not need (docs/adr/0005). Plain JS so
// it starts without a TypeScript loader. Messages: {id, op: 'hash'|'verify', password, hash?, options}.
import { readdirSync } from 'node:fs';
import process from 'node:process';
import { setPriority } from 'node:os';
import argon2 from 'argon2';

const LOWEST_PRIORITY = 19;

/** Every thread of this process (libuv's pool included) to the lowest priority; Linux names threads by id. */
function lowerPriority() {
  let threadIds = [0];
  try {
    threadIds = readdirSync('/proc/self/task').map(Number);
  } catch {
    // Not Linux: the process priority is the best we can do.
  }
  for (const threadId of threadIds) {
    try {
      setPriority(threadId, LOWEST_PRIORITY);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

// Threads started later (libuv's pool, at the first hash) inherit the priority of their creator.
lowerPriority();

process.on('message', async (message) => {
  const { id, op, password, hash, options } = message;
  try {
    const result =
      op === 'hash' ? await argon2.hash(password, { ...options, type: argon2.argon2id }) : await argon2.verify(hash, password);
    process.send?.({ id, result });
  } catch (error) {
    process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
