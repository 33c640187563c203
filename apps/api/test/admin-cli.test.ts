import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { type AppConfig, loadConfig } from '../src/config/env';
import { createTestDatabase, runAdminProcess, type TestDatabase } from './test-app';

const ASSETS = path.resolve(import.meta.dirname, '../src/seed/assets');

let testDb: TestDatabase;
let config: AppConfig;

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, config, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  config = loadConfig({ LOG_LEVEL: 'silent', ...testDb.env });
});
afterAll(async () => testDb.drop());

describe('npm run admin -- settings', () => {
  it('gets every setting', async () => {
    const { code, out } = await admin('settings', 'get');
    expect(code).toBe(0);
    expect(out).toContain('sign_up=1');
    expect(out).toContain('payment_gateway=0');
  });

  it('sets a valid value and reads it back', async () => {
    expect((await admin('settings', 'set', 'site_title', 'Royal Play')).code).toBe(0);
    expect((await admin('settings', 'get', 'site_title')).out).toBe('Royal Play');
  });

  it.each([
    ['bg_primary_color', 'red'],
    ['sign_up', 'yes'],
    ['payment_gateway', '4'],
    ['fb_link', 'javascript:alert(1)'],
    ['logo', '../secret.png'],
    ['no_such_key', '1'],
  ])('refuses %s=%s, exits non-zero and changes nothing', async (key, value) => {
    const before = (await admin('settings', 'get')).out;
    const result = await admin('settings', 'set', key, value);
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/^error: /);
    expect((await admin('settings', 'get')).out).toBe(before);
  });
});

describe('npm run admin -- upload image', () => {
  it('stores an image and prints a name the image route accepts, usable as the logo', async () => {
    const { code, out } = await admin('upload', 'image', path.join(ASSETS, 'logo.png'));
    expect(code).toBe(0);
    expect(out).toMatch(/^[a-f0-9]{32}\.png$/);
    expect((await admin('settings', 'set', 'logo', out)).code).toBe(0);
  });

  it('refuses a file that is not an image', async () => {
    const fake = path.join(config.UPLOAD_DIR, '..', 'fake.png');
    writeFileSync(fake, '<svg onload="alert(1)"></svg>');
    const { code, err } = await admin('upload', 'image', fake);
    expect(code).toBe(1);
    expect(err).toMatch(/Not a PNG/);
  });
});

describe('npm run admin -- user create', () => {
  it('creates a customer, then refuses the same name', async () => {
    const first = await admin('user', 'create', '--name', 'rahul_01', '--password', 'Tiger7Lamp', '--type', '7');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/created user rahul_01 with id \d+/);
    const again = await admin('user', 'create', '--name', 'RAHUL_01', '--password', 'Tiger7Lamp', '--type', '7');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/taken/);
  });

  it('creates a sub account with parent -1', async () => {
    const { code } = await admin(
      'user',
      'create',
      '--name',
      'sub_user',
      '--password',
      'Tiger7Lamp',
      '--type',
      '7',
      '--parent',
      '-1',
    );
    expect(code).toBe(0);
  });

  it.each([
    [['--name', 'ab', '--password', 'Tiger7Lamp', '--type', '7'], /Username/],
    [['--name', 'valid_name', '--password', 'short', '--type', '7'], /Password/],
    [['--name', 'valid_name', '--password', 'Tiger7Lamp', '--type', 'x'], /--type must be a whole number/],
    [['--name', 'valid_name', '--password', 'Tiger7Lamp'], /--type is required/],
    [['--name', 'valid_name', '--password', 'Tiger7Lamp', '--type', '7', '--parent', '99999'], /No parent/],
    [['--name', 'valid_name', '--password', 'Tiger7Lamp', '--type', '7', '--bogus', '1'], /unknown option --bogus/],
  ])('refuses %j', async (args, message) => {
    const result = await admin('user', 'create', ...args);
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(message);
  });
});

describe('the admin command line as a process', () => {
  it('prints usage and exits 2 for an unknown command', async () => {
    const failure = await runAdminProcess(testDb.env, 'frobnicate');
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(/unknown command "frobnicate"/);
  });

  // Every other test starts the bundled CLI (test/global-setup.ts); this one starts the command
  // an operator types, from the source through the TypeScript loader.
  it('runs as `npm run admin -- settings get` from the source', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'settings', 'get', 'sign_up'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, ...testDb.env, LOG_LEVEL: 'silent' },
    });
    expect(stdout.trim()).toBe('1');
  }, 60_000);
});
