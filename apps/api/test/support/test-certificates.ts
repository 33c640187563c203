import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  /** PEM text; a self-signed certificate is its own CA, so this is also what a client trusts. */
  cert: string;
  key: string;
  certFile: string;
  keyFile: string;
}

export interface TestCertificates {
  /** For 127.0.0.1 and localhost: the local stream and identity servers. */
  server: TestCertificate;
  /** The certificate the Betfair certificate login presents. */
  client: TestCertificate;
  remove(): void;
}

function makeCertificate(folder: string, name: string, subject: string, extensions: string[]): TestCertificate {
  const certFile = path.join(folder, `${name}.pem`);
  const keyFile = path.join(folder, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      subject,
      ...extensions.flatMap((extension) => ['-addext', extension]),
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile, keyFile };
}

/**
 * Fresh self-signed certificates in a temp folder, made with the openssl command line as Debian
 * ships it (the proxy test does the same): nothing secret-looking is kept in the repository,
 * and none expires under a later test run. EC keys: made in milliseconds.
 */
export function makeTestCertificates(): TestCertificates {
  const folder = mkdtempSync(path.join(tmpdir(), 'betfair-certs-'));
  return {
    server: makeCertificate(folder, 'server', '/CN=localhost', ['subjectAltName=IP:127.0.0.1,DNS:localhost']),
    client: makeCertificate(folder, 'client', '/CN=betfair-bot', []),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
