import path from 'node:path'

/**
 * What a reference in CSS that visual-edit writes may name. The dev server reads what a stylesheet
 * imports (`@import`, Tailwind's `@reference`), Tailwind scans what `@source` and `source(...)` name,
 * CSS modules load what `composes ... from`, `@value ... from` and `:import(...)` name, and Vite
 * resolves every `url(...)`. So a reference is an allowlist too:
 *
 * - a path relative to the stylesheet that stays inside the project's source folders (`./card.css`,
 *   `../assets/logo.svg`), without dot-files, node_modules or key files;
 * - a package, where an import may name one (`tailwindcss`, `@fontsource/inter/400.css`);
 * - an `http:`/`https:` URL, where the browser fetches it (`@import url(https://fonts...)`, `url()`),
 *   a `data:` URL or a `#fragment` in `url()`.
 *
 * Everything else is refused: root paths (`/etc/passwd`, Vite's `/@fs/`), other schemes (`file:`),
 * protocol-relative URLs, backslashes, control characters, aliases (`~x`, `@/x`), queries that pick
 * another loader (`?raw`), and any of these hidden in percent-encoding (`%2e%2e/`); CSS escapes
 * (`\2e\2e/`) are decoded by the tokenizer before this sees the text.
 */

/** How a reference is used, which decides what it may name. */
export type ReferenceKind = 'import' | 'reference' | 'source' | 'module' | 'url'

export interface ReferenceContext {
  /** The stylesheet's path relative to the root (posix): `src/styles/app.css`. */
  sheet: string
  /** Lowercased top-level folders a relative reference may reach: `src`, `app`. */
  folders: ReadonlySet<string>
}

/**
 * A reference allowed, with the file it names (relative to the root, posix) when it is a path; or
 * refused, with the problem (`"../x" leads outside ...`) and its reason alone (`leads outside ...`).
 */
export type ReferenceVerdict = { ok: true; target?: string } | { ok: false; problem: string; reason: string }

const PACKAGE_PART = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/
const SUBPATH_PART = /^[A-Za-z0-9._@+~-]+$/
const KEY_FILE = /\.(?:pem|crt|key|p12|pfx)$/i
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/

const shown = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)

/** `@scope/name/sub/path.css` or `name/sub`: a package as Node resolves it, with plain segments. */
function isPackageSpecifier(value: string): boolean {
  const parts = value.split('/')
  const nameLength = value.startsWith('@') ? 2 : 1
  if (parts.length < nameLength) return false
  const [scope, name] = parts
  if (nameLength === 2 && !(scope && PACKAGE_PART.test(scope.slice(1)) && name && PACKAGE_PART.test(name)))
    return false
  if (nameLength === 1 && !(scope && PACKAGE_PART.test(scope))) return false
  return parts.slice(nameLength).every((part) => part !== '.' && part !== '..' && SUBPATH_PART.test(part))
}

/** The text and every percent-decoding of it (`%252e` decodes twice); null when one is malformed. */
export function decodings(value: string): string[] | null {
  const forms = [value]
  for (let round = 0; round < 4; round += 1) {
    const last = forms.at(-1) as string
    let decoded: string
    try {
      decoded = decodeURIComponent(last)
    } catch {
      return null
    }
    if (decoded === last) return forms
    forms.push(decoded)
  }
  return null
}

function hasControl(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0)
    if (code < 0x20 || code === 0x7f || character === '\uFFFD') return true
  }
  return false
}

/** Why the relative path `form` may not be named from the stylesheet; its target when it may. */
function relativeTarget(form: string, context: ReferenceContext): { target: string } | { problem: string } {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(context.sheet), form))
  const segments = joined.split('/').filter((segment) => segment !== '')
  const folders = [...context.folders].sort().map((folder) => `${folder}/`)
  const outside = `leads outside the project's source folders (${folders.join(', ') || 'none known'})`
  if (joined.startsWith('../') || joined === '..' || path.posix.isAbsolute(joined) || segments.length === 0)
    return { problem: outside }
  if (!context.folders.has((segments[0] as string).toLowerCase())) return { problem: outside }
  if (segments.some((segment) => segment.toLowerCase() === 'node_modules'))
    return { problem: 'leads into node_modules' }
  if (segments.some((segment) => segment.startsWith('.')))
    return { problem: 'names a dot-file or dot-folder' }
  if (KEY_FILE.test(joined)) return { problem: 'names a key or certificate file' }
  return { target: segments.join('/') }
}

/** Whether the reference `value` (escapes decoded), used as `kind` in the stylesheet, may be written. */
export function referenceVerdict(
  kind: ReferenceKind,
  value: string,
  context: ReferenceContext,
): ReferenceVerdict {
  const refuse = (why: string): ReferenceVerdict => ({
    ok: false,
    problem: `${shown(value)} ${why}`,
    reason: why,
  })
  const forms = decodings(value)
  if (forms === null) return refuse('has malformed or nested percent-encoding')
  if (forms.some(hasControl)) return refuse('holds a control character')
  if (forms.some((form) => form.includes('\\'))) return refuse('holds a backslash')

  const schemes = forms.map((form) => SCHEME.exec(form.trim())?.[1]?.toLowerCase())
  const scheme = schemes[0]
  if (scheme !== undefined || schemes.some((other) => other !== undefined)) {
    const web = scheme === 'http' || scheme === 'https'
    if (web && (kind === 'import' || kind === 'url')) return { ok: true }
    if (scheme === 'data' && kind === 'url') return { ok: true }
    return refuse(
      `is a ${scheme ?? schemes.find((other) => other !== undefined)}: URL; only https: URLs${kind === 'url' ? ', data: URLs' : ''} and relative paths are written here`,
    )
  }
  if (forms.some((form) => form.trim().startsWith('//')))
    return refuse('is a protocol-relative URL; write https:// in full')

  let paths = forms
  if (kind === 'url') paths = forms.map((form) => form.split(/[?#]/)[0] as string)
  else if (/[?#]/.test(value)) return refuse('has a query or fragment, which would pick another loader')
  if (paths.every((form) => form === '')) return kind === 'url' ? { ok: true } : refuse('names nothing')
  if (paths.some((form) => form.startsWith('/')))
    return refuse('is a root path; write a path relative to the stylesheet')

  const relative = (form: string) => form === '.' || form === '..' || /^\.\.?\//.test(form)
  const packages = kind === 'import' || kind === 'reference' || kind === 'module'
  if (packages && !paths.some(relative)) {
    if (paths.every(isPackageSpecifier)) return { ok: true }
    return refuse(
      'is neither a package nor a path starting with ./ or ../ (aliases are not followed); write a relative path',
    )
  }
  if (paths.some((form) => /^[~@]/.test(form)))
    return refuse('starts with an alias (~ or @), which is not followed; write a relative path')

  let target: string | undefined
  for (const form of paths) {
    const resolved = relativeTarget(form, context)
    if ('problem' in resolved) return refuse(resolved.problem)
    target ??= resolved.target
  }
  return target === undefined ? { ok: true } : { ok: true, target }
}
