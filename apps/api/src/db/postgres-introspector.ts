import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  is_view: boolean;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

/**
 * Reads the tables of the connection's own schema (`current_schema()`) only, joined by oid.
 *
 * Kysely's PostgreSQL introspector reads every schema in the database and resolves each by name
 * (`has_schema_privilege`, `pg_get_serial_sequence`), so a schema dropped while it runs fails it
 * with "schema … does not exist" (reproduced: 443 failures in 1,588 introspections while another
 * connection created and dropped schemas). The migrator introspects before it takes its lock:
 * a migration failed whenever another schema of the same database was dropped at that moment,
 * as the PostgreSQL tests do (a schema per test file) when two files run at once.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, ns.nspname as schema, c.relkind = 'v' as is_view,
        a.attname as column, typ.typname as type, dtns.nspname as type_schema,
        a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto_incrementing,
        col_description(a.attrelid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.is_view, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing,
        hasDefaultValue: row.has_default,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect, introspecting only the connection's own schema. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
