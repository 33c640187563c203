import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../plugins/error-handler';
import { installSecurityHeaders } from '../../plugins/security-headers';
import { registerWebApp } from './web-app.routes';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#0e1621" />
    <title></title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-AbCdEf12.css">
  </head>
  <body>
    <div id="root"><!--app-shell--></div>
  </body>
</html>`;
const SCRIPT = 'console.log("the site");'.repeat(100);
const STYLESHEET =
  ':root{--accent:#f5b400}.shell-header{height:60px}.casino-tile{aspect-ratio:1}' +
  '@media (width<=420px){.shell-header{gap:.3rem}.casino-tile{gap:0}}';

describe('serving the built site', () => {
  let distDir: string;
  let app: FastifyInstance;
  let settings: GlobalSettings;

  beforeEach(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
    writeFileSync(path.join(distDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    const script = path.join(distDir, 'assets/index-AbCdEf12.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    settings = {
      ...DEFAULT_GLOBAL_SETTINGS,
      site_title: 'Royal <Play>',
      site_message: 'Play responsibly',
      logo: 'a1b2c3d4e5f60718.png',
    };
    app = Fastify();
    installErrorHandler(app);
    await registerWebApp(app, distDir, { getSettings: async () => settings });
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the precompressed brotli or gzip file the browser accepts, cached for a year', async () => {
    const brotli = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("serves the operator console's pages with no-store, and only them", async () => {
    for (const url of ['/admin', '/admin/players', '/admin?from=login']) {
      expect((await app.inject({ url })).headers['cache-control'], url).toBe('no-store');
    }
    expect((await app.inject({ url: '/administrators' })).headers['cache-control']).toBe('no-cache');
  });

  it('paints the page with the operator branding, escaped, and compresses it', async () => {
    const page = await app.inject({ url: '/report/account-statement', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<title>Royal &lt;Play&gt;</title>');
    expect(html).toContain(
      '<img src="/api/upload/image/a1b2c3d4e5f60718.png" alt="Royal &lt;Play&gt;" class="shell-logo__image" />',
    );
    expect(html).toContain('<span>Play responsibly</span>');
    expect(html).toContain('--bg-primary:#0e1621');
    // The settings ride along for the app's first render; no text in them can end the element.
    const json = /<script type="application\/json" id="app-settings">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(settings);
    expect(html).not.toContain('<!--app-');
    // The stylesheet follows the painted frame, so the frame paints without waiting for it.
    expect(html.indexOf('data-app-style')).toBeGreaterThan(html.indexOf('id="root"'));
  });

  it('paints the /home hero in the language of the lang cookie, and preloads its translations', async () => {
    mkdirSync(path.join(distDir, 'assets/i18n'));
    writeFileSync(
      path.join(distDir, 'assets/i18n/hi.json'),
      JSON.stringify({ shell: { home: { eyebrow: '{{site}} में स्वागत है', title: 'कैसीनो और क्रिकेट', lead: 'खेलें' } } }),
    );
    const home = await app.inject({ url: '/home', headers: { cookie: 'theme=x; lang=hi' } });
    expect(home.body).toContain('<html lang="hi">');
    expect(home.body).toContain('<h1 class="home-hero__title">कैसीनो और क्रिकेट</h1>');
    expect(home.body).toContain('Royal &lt;Play&gt; में स्वागत है');
    expect(home.body).toContain('href="/assets/i18n/hi.json"');
    // Other pages get the frame only.
    const other = await app.inject({ url: '/policies/terms', headers: { cookie: 'lang=hi' } });
    expect(other.body).not.toContain('<h1 class="home-hero__title">');
  });

  it('names the page after the host when site_title is empty', async () => {
    settings = { ...settings, site_title: '', logo: '' };
    const page = await app.inject({ url: '/home', headers: { host: 'casino.example:8080' } });
    expect(page.body).toContain('<title>casino.example</title>');
    expect(page.body).toContain('<span class="shell-logo__text">casino.example</span>');
  });

  it('answers /favicon.ico with the operator icon when set, else the default icon', async () => {
    const fallback = await app.inject({ url: '/favicon.ico' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('image/x-icon');
    settings = { ...settings, favicon: 'ffeeddccbbaa9988.ico' };
    const operator = await app.inject({ url: '/favicon.ico' });
    expect(operator.statusCode).toBe(302);
    expect(operator.headers.location).toBe('/api/upload/image/ffeeddccbbaa9988.ico');
  });

  it("lets the painted frame's own <style> through the site's CSP by hash, and no other inline style", async () => {
    const secured = Fastify();
    installSecurityHeaders(secured, { frameHosts: [] });
    await registerWebApp(secured, distDir, { getSettings: async () => settings });
    try {
      const page = await secured.inject({ url: '/home', headers: { 'accept-encoding': 'identity' } });
      const style = /<style id="brand-colors">([^<]*)<\/style>/.exec(page.body)?.[1];
      expect(style).toBeTruthy();
      const hash = createHash('sha256')
        .update(style ?? '')
        .digest('base64');
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`);
      expect(policy).not.toContain('unsafe-inline');
      const asset = await secured.inject({ url: '/assets/index-AbCdEf12.js' });
      expect(String(asset.headers['content-security-policy'])).toContain("style-src 'self';");
    } finally {
      await secured.close();
    }
  });

  it('never sends the unpainted template, and still refuses unknown files and API paths', async () => {
    expect((await app.inject({ url: '/index.html' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  describe('a sports page', () => {
    let sportsApp: FastifyInstance;
    const asked: string[] = [];

    beforeEach(async () => {
      writeFileSync(path.join(distDir, 'route-preloads.json'), JSON.stringify({ sports: ['assets/sports-AbCdEf12.js'] }));
      writeFileSync(path.join(distDir, 'assets/style-AbCdEf12.css'), STYLESHEET);
      sportsApp = Fastify();
      installErrorHandler(sportsApp);
      installSecurityHeaders(sportsApp, { frameHosts: [] });
      await registerWebApp(sportsApp, distDir, { getSettings: async () => settings }, async (pathname) => {
        asked.push(pathname);
        if (pathname === '/sports-detail/404') throw new Error('feed down');
        return pathname === '/sports/4'
          ? [{ path: 'match/getMatches', body: { sport_id: 4, is_active: '1' }, data: [{ name: '</script><b>x' }] }]
          : null;
      });
      await sportsApp.ready();
    });

    afterEach(async () => {
      await sportsApp.close();
    });

    it('comes with its first data painted in, escaped, and its code named in the head', async () => {
      const res = await sportsApp.inject({ url: '/sports/4' });
      expect(res.statusCode).toBe(200);
      const state = /<script type="application\/json" id="app-state">([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(JSON.parse(state)).toEqual([
        { path: 'match/getMatches', body: { sport_id: 4, is_active: '1' }, data: [{ name: '</script><b>x' }] },
      ]);
      expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/sports-AbCdEf12.js">');
      // Data the painter cannot read leaves the first screen to the app; the page is still served.
      expect(res.body).not.toContain('id="main-content"');
      const brotli = await sportsApp.inject({ url: '/sports/4', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('id="app-state"');
    });

    it("carries the style its own elements need, allowed by hash, and the site's stylesheet after its content", async () => {
      const res = await sportsApp.inject({ url: '/sports/4', headers: { 'accept-encoding': 'identity' } });
      const style = /<style id="first-screen-style">([^]*?)<\/style>/.exec(res.body)?.[1] ?? '';
      // The frame's rules, in the stylesheet's order; none for elements the page does not have.
      expect(style).toBe(':root{--accent:#f5b400}.shell-header{height:60px}@media (width<=420px){.shell-header{gap:.3rem}}');
      const hash = createHash('sha256').update(style).digest('base64');
      expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
      // Nothing in the head waits for the stylesheet: it comes last, and the app renders once it is in (main.tsx).
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).not.toContain('rel="stylesheet"');
      expect(res.body).toMatch(
        /<link rel="stylesheet" crossorigin href="\/assets\/style-AbCdEf12\.css" data-app-style>[^]*<\/body>/,
      );
    });

    it('paints no data where there is none, or when it cannot be had, and only sports pages name the sports code', async () => {
      const detail = await sportsApp.inject({ url: '/sports-detail/404' });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toContain('app-state');
      expect(detail.body).toContain('sports-AbCdEf12.js');
      const home = await sportsApp.inject({ url: '/home' });
      expect(home.body).not.toContain('app-state');
      expect(home.body).not.toContain('sports-AbCdEf12.js');
      // Only a sports page asks for first data.
      expect(asked).toContain('/sports-detail/404');
      expect(asked).not.toContain('/home');
    });
  });
});
