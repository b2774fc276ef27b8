import { RestError } from './errors.ts'

/**
 * The `Prefer` header, as PostgREST reads it: several may be sent, comma-separated or as repeated
 * headers. Values it does not know are ignored, unless `handling=strict` asks for an error (PGRST122).
 *
 *   `Prefer: return=representation, resolution=merge-duplicates, count=exact`
 */
export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  handling: 'strict' | 'lenient' | null
  tx: 'commit' | 'rollback' | null
  maxAffected: number | null
}

const RETURN = ['minimal', 'headers-only', 'representation'] as const
const COUNT = ['exact', 'planned', 'estimated'] as const
const RESOLUTION = ['merge-duplicates', 'ignore-duplicates'] as const
const MISSING = ['default', 'null'] as const
const HANDLING = ['strict', 'lenient'] as const
const TX = ['commit', 'rollback'] as const

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value)

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    handling: null,
    tx: null,
    maxAffected: null,
  }
  const invalid: string[] = []
  const tokens = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '')
  for (const token of tokens) {
    const [key = '', value = ''] = token.split('=').map((part) => part.trim())
    if (key === 'return' && oneOf(RETURN, value)) prefs.return = value
    else if (key === 'count' && oneOf(COUNT, value)) prefs.count = value
    else if (key === 'resolution' && oneOf(RESOLUTION, value)) prefs.resolution = value
    else if (key === 'missing' && oneOf(MISSING, value)) prefs.missing = value
    else if (key === 'handling' && oneOf(HANDLING, value)) prefs.handling = value
    else if (key === 'tx' && oneOf(TX, value)) prefs.tx = value
    else if (key === 'max-affected' && /^\d+$/.test(value)) prefs.maxAffected = Number(value)
    // Accepted and not applied: this server answers timestamps in UTC.
    else if (!(key === 'timezone' && value !== '')) invalid.push(token)
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    )
  }
  return prefs
}

/** `Preference-Applied`, for the preferences this request honoured. */
export function appliedPreferences(
  prefs: Preferences,
  keys: readonly (keyof Preferences)[],
): Record<string, string> {
  const applied = keys.flatMap((key) => {
    const value = prefs[key]
    if (value === null) return []
    return [key === 'maxAffected' ? `max-affected=${value}` : `${key}=${value}`]
  })
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {}
}
