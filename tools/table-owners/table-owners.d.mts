/** Table name → owning module (or `db` for the unit of work's own tables). */
export function tableOwners(src: string): Map<string, string>;
/** The tables of `tables` a source text reads or writes. */
export function tablesNamedIn(text: string, tables: readonly string[]): string[];
/** `file → [tables of other modules]` for every product file under modules/. */
export function foreignTableReads(src: string): Map<string, string[]>;
