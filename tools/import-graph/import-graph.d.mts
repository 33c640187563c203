/** Import graph of the .ts and .tsx files under `rootDir` (tests excluded), keyed by path relative to it. */
export declare function importGraph(rootDir: string, tsconfigPath: string): Map<string, string[]>;
/** One loop (a → b → a) per strongly connected group of the graph. */
export declare function findCycles(graph: Map<string, string[]>): string[][];
