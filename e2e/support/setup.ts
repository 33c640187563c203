import { beforeEach } from 'vitest';
import { browserLogLines, clearBrowserLog } from './browser-log';

// A failed journey prints its last Playwright calls: a call "started" without "succeeded" or
// "failed" is the one that hung.
beforeEach(({ onTestFailed }) => {
  clearBrowserLog();
  onTestFailed(() => {
    const calls = browserLogLines();
    if (calls.length > 0) console.error(`Last browser calls of this journey:\n${calls.join('\n')}`);
  });
});
