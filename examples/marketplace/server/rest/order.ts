import type { IncomingHttpHeaders } from 'node:http'
import { queryParamError, RestError } from './errors.ts'
import { unquote } from './syntax.ts'

/** `?order=name.desc.nullslast,id` */
export interface OrderTerm {
  column: string
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
}

export function parseOrder(text: string | null): OrderTerm[] {
  if (text === null) return []
  const fail = (details: string) => queryParamError(`failed to parse order (${text})`, details)
  return text.split(',').map((term) => {
    let column: string
    let rest: string[]
    if (term.startsWith('"')) {
      const close = term.indexOf('"', 1)
      if (close < 0) throw fail(`Unclosed quote in '${term}'.`)
      column = unquote(term.slice(0, close + 1))
      rest = term
        .slice(close + 1)
        .split('.')
        .slice(1)
    } else {
      ;[column = '', ...rest] = term.split('.')
      if (column.includes('->') || column.includes('(')) {
        throw fail(`'${term}': ordering by JSON paths or embedded resources is not supported by this server.`)
      }
    }
    if (column === '') throw fail(`'${term}' names no column.`)
    const order: OrderTerm = { column, direction: null, nulls: null }
    for (const modifier of rest) {
      if ((modifier === 'asc' || modifier === 'desc') && order.direction === null && order.nulls === null) {
        order.direction = modifier
      } else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && order.nulls === null) {
        order.nulls = modifier === 'nullsfirst' ? 'first' : 'last'
      } else {
        throw fail(
          `Unknown modifier '${modifier}' in '${term}': use column[.asc|.desc][.nullsfirst|.nullslast].`,
        )
      }
    }
    return order
  })
}

/** The rows a read asks for: `offset` and `limit` intersected with a `Range: 0-9` header. */
export interface RowRange {
  offset: number
  /** Null: no limit. */
  limit: number | null
}

function parseCount(name: string, text: string | null): number | null {
  if (text === null) return null
  if (/^-\d+$/.test(text) && name === 'limit') {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    )
  }
  if (!/^\d+$/.test(text)) {
    throw queryParamError(`failed to parse ${name} parameter (${text})`, `${name} is a whole number of rows.`)
  }
  return Number(text)
}

export function parseRange(
  limitText: string | null,
  offsetText: string | null,
  headers: IncomingHttpHeaders,
): RowRange {
  const limit = parseCount('limit', limitText)
  const offset = parseCount('offset', offsetText) ?? 0
  let lower = offset
  let upper = limit === null ? Number.POSITIVE_INFINITY : offset + limit - 1
  const header = headers.range
  if (typeof header === 'string' && header !== '') {
    const match = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim())
    if (!match)
      throw queryParamError(`failed to parse Range header (${header})`, 'A range is "first-last", e.g. 0-9.')
    const headerLower = Number(match[1])
    const headerUpper = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2])
    if (headerUpper < headerLower) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      )
    }
    lower = Math.max(lower, headerLower)
    upper = Math.min(upper, headerUpper)
  }
  return { offset: lower, limit: upper === Number.POSITIVE_INFINITY ? null : Math.max(0, upper - lower + 1) }
}
