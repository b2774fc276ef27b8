import type { Database } from '../db/database.ts'

/**
 * What PostgREST's schema cache holds for the exposed schema (`public`): the tables and views with
 * their columns, and the functions with their named arguments. Every identifier a request names is
 * looked up here before it reaches SQL, so a request can only name what the catalog has.
 */
export interface SchemaCache {
  relations: ReadonlyMap<string, Relation>
  /** By name; more than one when the function is overloaded. */
  routines: ReadonlyMap<string, readonly Routine[]>
}

export interface Column {
  name: string
  /** As `format_type` writes it: `uuid`, `character varying(255)`, `timestamp with time zone`. */
  type: string
}

export interface Relation {
  name: string
  kind: 'table' | 'view'
  columns: ReadonlyMap<string, Column>
  primaryKey: readonly string[]
}

export interface RoutineParam {
  name: string
  type: string
  /** False when the function declares a default for it. */
  required: boolean
}

export type RoutineResult =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string }
  | { kind: 'composite'; columns: ReadonlyMap<string, Column> }

export interface Routine {
  name: string
  /** The input arguments, in order. */
  params: readonly RoutineParam[]
  /** A variadic or unnamed input argument: not callable with named arguments. */
  namedCallable: boolean
  setOf: boolean
  volatile: boolean
  result: RoutineResult
}

export const EXPOSED_SCHEMA = 'public'

const RELATIONS_SQL = `
select c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg(a.attname order by k.n)
    from pg_index i
    cross join lateral unnest(i.indkey::int2[]) with ordinality k(attnum, n)
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary), '[]')::text as primary_key
from pg_class c
where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')`

const ROUTINES_SQL = `
select p.proname as name, p.proretset as set_of, p.provolatile = 'v' as volatile,
  p.prorettype::regtype::text as return_type, t.typtype::text as return_typtype,
  p.provariadic <> 0 as variadic, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  to_json(coalesce(p.proargnames, '{}'))::text as arg_names,
  to_json(coalesce(p.proargmodes::text[], '{}'))::text as arg_modes,
  to_json(array(select format_type(x, null)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, n) order by n))::text as arg_types,
  coalesce((select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]')::text as return_columns
from pg_proc p join pg_type t on t.oid = p.prorettype
where p.pronamespace = $1::regnamespace and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`

interface RelationRow {
  name: string
  kind: string
  columns: string
  primary_key: string
}

interface RoutineRow {
  name: string
  set_of: boolean
  volatile: boolean
  return_type: string
  return_typtype: string
  variadic: boolean
  nargs: number
  ndefaults: number
  arg_names: string
  arg_modes: string
  arg_types: string
  return_columns: string
}

const columnMap = (json: string) =>
  new Map((JSON.parse(json) as [string, string][]).map(([name, type]) => [name, { name, type }]))

/** Reads the catalog of `public` (two queries, as the database owner). */
export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  const [relationRows, routineRows] = await db.asOwner(async (tx) => [
    (await tx.query<RelationRow>(RELATIONS_SQL, [EXPOSED_SCHEMA])).rows,
    (await tx.query<RoutineRow>(ROUTINES_SQL, [EXPOSED_SCHEMA])).rows,
  ])
  const relations = new Map<string, Relation>()
  for (const row of relationRows) {
    relations.set(row.name, {
      name: row.name,
      kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
      columns: columnMap(row.columns),
      primaryKey: JSON.parse(row.primary_key) as string[],
    })
  }
  const routines = new Map<string, Routine[]>()
  for (const row of routineRows) {
    const routine = toRoutine(row)
    routines.set(routine.name, [...(routines.get(routine.name) ?? []), routine])
  }
  return { relations, routines }
}

function toRoutine(row: RoutineRow): Routine {
  const names = JSON.parse(row.arg_names) as string[]
  const modes = JSON.parse(row.arg_modes) as string[]
  const types = JSON.parse(row.arg_types) as string[]
  const inputs: { name: string; type: string }[] = []
  const outputs = new Map<string, Column>()
  types.forEach((type, i) => {
    const mode = modes[i] ?? 'i'
    const name = names[i] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type })
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.set(name, { name, type })
  })
  const firstOptional = inputs.length - row.ndefaults
  const params = inputs.map((input, i) => ({ ...input, required: i < firstOptional }))
  let result: RoutineResult
  if (row.return_type === 'void') result = { kind: 'void' }
  else if (row.return_typtype === 'c') result = { kind: 'composite', columns: columnMap(row.return_columns) }
  else if (row.return_type === 'record' && outputs.size > 0) result = { kind: 'composite', columns: outputs }
  else result = { kind: 'scalar', type: row.return_type }
  return {
    name: row.name,
    params,
    namedCallable: !row.variadic && params.every((param) => param.name !== ''),
    setOf: row.set_of,
    volatile: row.volatile,
    result,
  }
}
