import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The API package's folder (apps/api), found by walking up to its package.json. The code runs
 * both from its source (src/config/paths.ts) and bundled into one file (dist/server.js), so a
 * fixed number of `..` from this module would be right in one place only.
 */
function findApiRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const API_ROOT = findApiRoot(import.meta.dirname);
export const REPO_ROOT = path.resolve(API_ROOT, '../..');

/** A file that ships beside the code (seed images, helper scripts), by its path inside apps/api. */
export function apiFile(relativePath: string): string {
  return path.join(API_ROOT, relativePath);
}
