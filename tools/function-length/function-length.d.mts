/** The top-level functions under `rootDir` longer than `maxLines`, as `file: name (lines)`. */
export function longFunctions(rootDir: string, maxLines: number): string[];
