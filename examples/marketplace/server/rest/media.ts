import { JSON_CONTENT_TYPE, RestError } from './errors.ts'

/**
 * What the client accepts, among what this server renders: a JSON array (the default), or one
 * object (`application/vnd.pgrst.object+json`, supabase-js's `.single()`), either with nulls stripped.
 * CSV, GeoJSON and EXPLAIN plans are not rendered here: 406 PGRST107.
 */
export interface MediaType {
  singular: boolean
  stripNulls: boolean
}

const PLURAL = new Set(['application/json', 'application/*', '*/*', 'application/vnd.pgrst.array+json'])
const SINGULAR = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'])

export function negotiate(accept: string | undefined): MediaType {
  if (accept === undefined || accept.trim() === '') return { singular: false, stripNulls: false }
  const offered = accept
    .split(',')
    .map((entry, index) => {
      const [type = '', ...params] = entry.split(';').map((part) => part.trim())
      const q = params.find((param) => param.startsWith('q='))
      return { type: type.toLowerCase(), params, q: q === undefined ? 1 : Number(q.slice(2)), index }
    })
    .filter((entry) => entry.type !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const entry of offered) {
    const stripNulls = entry.params.includes('nulls=stripped')
    if (PLURAL.has(entry.type)) return { singular: false, stripNulls }
    if (SINGULAR.has(entry.type)) return { singular: true, stripNulls }
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${offered.map((entry) => entry.type).join(', ')}`,
    'This server renders application/json and application/vnd.pgrst.object+json only.',
  )
}

export function contentType(media: MediaType): string {
  if (!media.singular && !media.stripNulls) return JSON_CONTENT_TYPE
  const type = media.singular ? 'application/vnd.pgrst.object+json' : 'application/vnd.pgrst.array+json'
  return `${type}${media.stripNulls ? '; nulls=stripped' : ''}; charset=utf-8`
}
