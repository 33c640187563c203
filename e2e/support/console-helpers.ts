import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret at a moment, as an authenticator app shows it. */
export function totpCode(secret: string, atMs = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(atMs / 30_000) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The `secret: BASE32` line `operator create` prints. */
export function secretFromOutput(output: string): string {
  const match = /^secret: ([A-Z2-7]+=*)$/m.exec(output);
  if (!match?.[1]) throw new Error(`no secret in:\n${output}`);
  return match[1];
}

/** Logs in at /admin/login through the form: user name, password and the current code. */
export async function logInToConsole(
  page: Page,
  userName: string,
  password: string,
  secret: string,
  stepOffset = 0,
): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(totpCode(secret, Date.now(), stepOffset));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .or(page.getByRole('button', { name: 'Menu' }))
    .first()
    .waitFor();
}
