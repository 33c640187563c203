import { chromium } from 'playwright-core';
import type { Redis } from 'ioredis';
import { benchDelta, publishDelta } from './sports-live';

const CHANGES = 200;

/** Runs in the page before its own scripts: notes publish times and the frames that show them. */
const PAGE_PROBE = `
(() => {
  const sentAt = new Map();
  const delays = [];
  window.__benchDelays = delays;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        const delta = JSON.parse(String(event.data));
        if (delta.bench_sent_at && delta.seq) sentAt.set(delta.seq, delta.bench_sent_at);
      });
    }
  };
  const watch = () => {
    const detail = document.querySelector('.match-detail');
    if (!detail) return void setTimeout(watch, 50);
    new MutationObserver(() => {
      const seq = Number(detail.getAttribute('data-seq'));
      const sent = sentAt.get(seq);
      if (sent === undefined) return;
      sentAt.delete(seq);
      // The change is on screen once the next frame has been painted.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => delays.push(performance.timeOrigin + performance.now() - sent);
        channel.port2.postMessage(null);
      });
    }).observe(detail, { attributes: true, attributeFilter: ['data-seq'] });
  };
  watch();
})();
`;
const CHANGES_PER_SECOND = 20;

/**
 * Price change to painted DOM, measured in Chromium: the page notes when each bench delta was
 * published (it carries the time), and a MutationObserver on the match-odds ladder notes the frame
 * after React changed the price. The bench only publishes and collects the page's figures.
 */
export async function measurePaint(
  baseUrl: string,
  redis: Redis,
  matchId: number,
  market: Parameters<typeof benchDelta>[2],
): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // A string, not a function: the bench runs under tsx, whose helpers do not exist in the page.
    await page.addInitScript(PAGE_PROBE);
    await page.goto(`${baseUrl}/sports-detail/${matchId}`);
    await page.locator('[data-testid="market-MATCH_ODDS"]').waitFor({ timeout: 30_000 });
    // Let the socket connect and subscribe.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('getMarkets')));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const startedAt = performance.now();
    for (let index = 0; index < CHANGES; index++) {
      const due = startedAt + (index * 1_000) / CHANGES_PER_SECOND;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      await publishDelta(redis, matchId, benchDelta(matchId, index, market));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return await page.evaluate(() => (window as unknown as { __benchDelays: number[] }).__benchDelays);
  } finally {
    await browser.close();
  }
}
