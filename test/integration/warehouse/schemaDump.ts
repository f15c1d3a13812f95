/**
 * The shared schema as PostgreSQL's catalogs describe it (tables and columns, constraints,
 * indexes, its own functions (not an extension's), what the desk role may do), one line each in a
 * stable order: what a migration made, compared with a snapshot.
 */
import * as z from 'zod';
import { rows, type Queryable } from '../../../electron/warehouse/sql';

const Line = z.object({ line: z.string() });

export async function describeWarehouseSchema(db: Queryable): Promise<string> {
  const parts = await Promise.all([
    rows(
      db,
      'columns',
      Line,
      `SELECT format('column %s.%s %s%s%s', c.table_name, c.column_name, c.data_type, CASE WHEN c.is_nullable = 'NO' THEN ' NOT NULL' ELSE '' END,
                     coalesce(' DEFAULT ' || c.column_default, '')) AS line
         FROM information_schema.columns c WHERE c.table_schema = 'packbench' ORDER BY c.table_name, c.ordinal_position`,
    ),
    rows(
      db,
      'constraints',
      Line,
      `SELECT format('constraint %s.%s %s', t.relname, k.conname, regexp_replace(pg_get_constraintdef(k.oid), '\\s+', ' ', 'g')) AS line
         FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'packbench' ORDER BY t.relname, k.conname`,
    ),
    rows(db, 'indexes', Line, `SELECT format('index %s %s', indexname, regexp_replace(indexdef, '\\s+', ' ', 'g')) AS line FROM pg_indexes WHERE schemaname = 'packbench' ORDER BY indexname`),
    rows(
      db,
      'functions',
      Line,
      `SELECT format('function %s(%s) %s %s%s', p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), l.lanname,
                     CASE WHEN p.prosecdef THEN ' security definer' ELSE '' END) AS line
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
        WHERE n.nspname = 'packbench' AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname`,
    ),
    rows(
      db,
      'grants',
      Line,
      `SELECT format('grant %s %s', table_name, string_agg(privilege_type, ', ' ORDER BY privilege_type)) AS line
         FROM information_schema.role_table_grants WHERE table_schema = 'packbench' AND grantee = 'packbench_desk'
        GROUP BY table_name ORDER BY table_name`,
    ),
  ]);
  return `${parts
    .flat()
    .map((r) => r.line)
    .join('\n')}\n`;
}
