import { queryParamError } from './errors.ts'
import { splitTopLevel, unquote } from './syntax.ts'

/**
 * Vertical filtering: `?select=*`, `?select=id,name`, `?select=fullName:name`. Embedded resources
 * (`profiles(*)`), spreads, aggregates, JSON paths and casts are PostgREST features this server
 * does not implement: each is refused with PGRST100, naming the part.
 */
export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias: string | null }

const SELECT_ALL: readonly SelectItem[] = [{ kind: 'star' }]

export function parseSelect(text: string | null): readonly SelectItem[] {
  if (text === null || text === '*') return SELECT_ALL
  if (text === '') return []
  const items = splitTopLevel(text)
  const fail = (details: string) => queryParamError(`failed to parse select parameter (${text})`, details)
  if (!items) throw fail('Unbalanced parentheses or quotes.')
  return items.map((raw) => parseItem(raw.trim(), fail))
}

function parseItem(item: string, fail: (details: string) => Error): SelectItem {
  if (item === '') throw fail('An empty item: the columns are separated by single commas.')
  if (item === '*') return { kind: 'star' }
  if (item.startsWith('...'))
    throw fail(`Spreading embedded resources ('${item}') is not supported by this server.`)
  if (!item.startsWith('"') && /[()!]/.test(item)) {
    throw fail(
      `'${item}': resource embedding and aggregate functions are not supported by this server; read the related table with its own request.`,
    )
  }
  const [alias, field] = splitAlias(item)
  if (field.includes('::')) throw fail(`Casts ('${item}') are not supported by this server.`)
  if (!field.startsWith('"') && field.includes('->')) {
    throw fail(`JSON paths ('${item}') are not supported by this server: select the whole column.`)
  }
  const column = unquote(field)
  if (column === '' || (alias !== null && alias === '')) throw fail(`Cannot read '${item}'.`)
  if (column === '*') throw fail(`'${item}': an alias names a column, not '*'.`)
  return { kind: 'column', column, alias }
}

/** `alias:field` (either part may be double-quoted; `::` is a cast, not an alias). */
function splitAlias(item: string): [string | null, string] {
  let quoted = false
  for (let i = 0; i < item.length; i++) {
    const char = item[i]
    if (char === '"') quoted = !quoted
    else if (char === ':' && !quoted) {
      if (item[i + 1] === ':') return [null, item]
      return [unquote(item.slice(0, i)), item.slice(i + 1)]
    }
  }
  return [null, item]
}
