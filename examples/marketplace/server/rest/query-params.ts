import { queryParamError } from './errors.ts'
import { LOGIC_KEYS } from './filters.ts'

/**
 * The query string split as PostgREST reads it: the reserved parameters, and everything else as
 * `column=operator.value` filters (or, for a function called with GET, its arguments).
 */
export interface QueryParts {
  select: string | null
  columns: string | null
  order: string | null
  limit: string | null
  offset: string | null
  onConflict: string | null
  /** In the order given; repeated keys are all kept (and ANDed). */
  filters: [key: string, value: string][]
}

type ReservedKey = 'select' | 'columns' | 'order' | 'limit' | 'offset'
const RESERVED = new Set(['select', 'columns', 'order', 'limit', 'offset', 'on_conflict'])
const EMBEDDED_OPTION = /^(.+)\.(select|order|limit|offset|or|and)$/

export function splitQuery(params: URLSearchParams): QueryParts {
  const parts: QueryParts = {
    select: null,
    columns: null,
    order: null,
    limit: null,
    offset: null,
    onConflict: null,
    filters: [],
  }
  for (const [key, value] of params) {
    if (RESERVED.has(key)) {
      parts[key === 'on_conflict' ? 'onConflict' : (key as ReservedKey)] = value
      continue
    }
    const embedded = LOGIC_KEYS.has(key) ? null : EMBEDDED_OPTION.exec(key)
    if (embedded) {
      throw queryParamError(
        `failed to parse ${embedded[2]} parameter (${key}=${value})`,
        `'${embedded[1]}' is not an embedded resource: resource embedding is not supported by this server.`,
      )
    }
    parts.filters.push([key, value])
  }
  return parts
}

/** `"id","email"` or `id,email` (the `columns` and `on_conflict` parameters). */
export function parseColumnList(name: string, text: string): string[] {
  const columns = text.split(',').map((column) => {
    const trimmed = column.trim()
    return trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2
      ? trimmed.slice(1, -1).replaceAll('""', '"')
      : trimmed
  })
  if (columns.some((column) => column === '')) {
    throw queryParamError(
      `failed to parse ${name} parameter (${text})`,
      'A list of column names separated by commas.',
    )
  }
  return columns
}
