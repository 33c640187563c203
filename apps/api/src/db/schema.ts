/**
 * Every table, as Kysely sees it. db/ stands below the modules and imports none of them: each
 * module adds its own tables here from its `*.table.ts` file by declaration merging
 * (`declare module '…/db/schema' { interface Database { my_table: MyTable } }`). TypeScript sees
 * a table only in a program that includes its table file: the API's tsconfig includes all of src,
 * and the root tsconfig includes every `*.table.ts` for the scripts and browser tests.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules (above)
export interface Database {}
