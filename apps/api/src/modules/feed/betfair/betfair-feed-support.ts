import type { MarketBook } from './market-cache';
import type { MarketDefinition } from './stream-messages';

/** A market of a fixture with its definition (only those are shown). */
export type DefinedBook = MarketBook & { definition: MarketDefinition };
