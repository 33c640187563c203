import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';
import { PasswordHasherProcess } from './password-hasher';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const hasher = new PasswordHasherProcess();
afterAll(() => hasher.stop());

/** The nice value of every thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('Correct2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2)\$/);
    expect(await verifyPassword(hash, 'Correct2026')).toBe(true);
    expect(await verifyPassword(hash, 'Correct2027')).toBe(false);
  });

  it('treats a value that is not an argon2 hash as matching nothing', async () => {
    expect(await verifyPassword('!no-password', '!no-password')).toBe(false);
    expect(await verifyPassword('$argon2id$broken', 'x')).toBe(false);
  });

  it.runIf(process.platform === 'linux')('runs in a child process whose every thread has the lowest priority', async () => {
    const hash = await hasher.run({ op: 'hash', password: 'Priority2026', options: OPTIONS });
    expect(await hasher.run({ op: 'verify', hash: String(hash), password: 'Priority2026' })).toBe(true);
    const pid = hasher.pid;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    const niceValues = threadNiceValues(pid ?? 0);
    expect(niceValues.length).toBeGreaterThan(1);
    expect(new Set(niceValues)).toEqual(new Set([19]));
  });

  it('starts a new child after the old one died', async () => {
    await hasher.run({ op: 'hash', password: 'Restart2026', options: OPTIONS });
    const first = hasher.pid;
    process.kill(first ?? 0, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(typeof (await hasher.run({ op: 'hash', password: 'Restart2026', options: OPTIONS }))).toBe('string');
    expect(hasher.pid).not.toBe(first);
  });
});
