import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
const SITE_CONFIG = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');

export interface RunningNginx {
  /** The https port (the site's 443). */
  httpsPort: number;
  /** The plain http port (the site's 80, which redirects). */
  httpPort: number;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf as an operator installs it, with only what a test machine must change: the
 * listen ports (free local ones), the upstream instances, the certificate paths (a self-signed
 * pair made here). Wrapped in a main configuration whose pid, logs and temp folders are in
 * `folder`, so it runs as the current user with no root-only path.
 */
export function renderSite(
  upstreamPorts: number[],
  ports: { https: number; http: number },
  certificate: string,
  key: string,
): string {
  let site = readFileSync(SITE_CONFIG, 'utf8');
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  const upstream = /(^\s*server 127\.0\.0\.1:\d+ [^\n]*\n)+/m;
  if (!upstream.test(site)) throw new Error('deploy/nginx.conf: no upstream server lines');
  site = site.replace(upstream, `${servers}\n`);
  const replacements: [RegExp, string][] = [
    [/^\s*listen \[::\]:\d+[^\n]*\n/gm, ''],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`],
    [/listen 80;/, `listen 127.0.0.1:${ports.http};`],
    [/ssl_certificate \s*\S+;/, `ssl_certificate ${certificate};`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`],
  ];
  for (const [pattern, value] of replacements) {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}`);
    site = site.replace(pattern, value);
  }
  return site;
}

function mainConfig(folder: string, site: string): string {
  const temp = (name: string) => path.join(folder, name);
  // Root (CI) would hand the workers to `nobody`, who cannot write the temp folders made here.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `${user}worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

/** A self-signed certificate for 127.0.0.1 (openssl, as Debian ships it). */
function makeCertificate(folder: string): { certificate: string; key: string } {
  const certificate = path.join(folder, 'site.pem');
  const key = path.join(folder, 'site.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

/** Starts nginx on deploy/nginx.conf in `folder` and waits until it accepts connections. */
export async function startNginx(
  folder: string,
  upstreamPorts: number[],
  ports: { https: number; http: number },
): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does it)`);
  mkdirSync(folder, { recursive: true });
  const { certificate, key } = makeCertificate(folder);
  const config = path.join(folder, 'nginx.conf');
  writeFileSync(config, mainConfig(folder, renderSite(upstreamPorts, ports, certificate, key)));
  execFileSync(NGINX, ['-t', '-q', '-p', folder, '-e', path.join(folder, 'error.log'), '-c', config], { stdio: 'pipe' });
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', folder, '-e', path.join(folder, 'error.log'), '-c', config, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    const isUp = await fetch(`http://127.0.0.1:${ports.http}/`, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    httpsPort: ports.https,
    httpPort: ports.http,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
