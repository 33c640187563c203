import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Names the stream does not carry. Betfair's stream leaves names to the market catalogue
 * (listMarketCatalogue); a historic file may carry the event's and market's names in its
 * definitions, and the recordings the client libraries publish keep the catalogue beside them.
 */
export interface MarketCatalogue {
  marketId: string;
  marketName?: string;
  runners?: { selectionId: number; runnerName?: string; sortPriority?: number; metadata?: Record<string, string | null> }[];
  event?: { id?: string; name?: string; venue?: string; countryCode?: string; timezone?: string };
  competition?: { id?: string; name?: string };
  eventType?: { id?: string; name?: string };
}

export interface CatalogueSource {
  lookup(marketId: string): MarketCatalogue | undefined;
}

export const noCatalogues: CatalogueSource = { lookup: () => undefined };

function isCatalogue(value: unknown): value is MarketCatalogue {
  return typeof value === 'object' && value !== null && typeof (value as { marketId?: unknown }).marketId === 'string';
}

/**
 * The catalogues in a `catalogues` folder beside each recording: files of one catalogue
 * (`1.197931750.json`) or a JSON array of them, as listMarketCatalogue answers. A file that is
 * not one is skipped and reported.
 */
export function loadCatalogueFolders(
  recordings: readonly string[],
  onProblem: (file: string, problem: string) => void,
): CatalogueSource {
  const byMarket = new Map<string, MarketCatalogue>();
  const folders = new Set(recordings.map((file) => path.join(path.dirname(file), 'catalogues')));
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith('.json'));
    } catch {
      continue; // no catalogues beside these recordings: names fall back (docs/feeds.md)
    }
    for (const name of names) {
      const file = path.join(folder, name);
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        const list = Array.isArray(parsed) ? parsed : [parsed];
        for (const item of list) if (isCatalogue(item)) byMarket.set(item.marketId, item);
      } catch (error) {
        onProblem(file, error instanceof Error ? error.message : String(error));
      }
    }
  }
  return { lookup: (marketId) => byMarket.get(marketId) };
}
