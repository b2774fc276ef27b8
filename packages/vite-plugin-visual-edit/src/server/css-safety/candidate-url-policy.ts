import path from 'node:path'
import { type CandidateUrl, MAX_ARGUMENT } from './candidate-urls.ts'
import { decodings, referenceVerdict } from './reference-policy.ts'

/**
 * What a URL in a source file (candidate-urls.ts) may name, since Tailwind may turn it into CSS whose
 * url() Vite resolves: in dev it looks the file up (`/@fs/<path>` tells it exists), in a build it reads
 * it and copies it into dist. Vite resolves a root path in the public folder first, then under the
 * root, then as an absolute path of the file system; a relative path from the stylesheet Tailwind
 * writes the CSS into, wherever that is. So, an allowlist:
 *
 *   https://example.com/a.png   data:image/svg+xml;utf8,...   #shape         allowed
 *   /images/hero.png      when public/images/hero.png exists (or src/images/hero.png, src a source folder)
 *   ./assets/hero.png     a path that never climbs above where it starts, inside the source folders
 *   ../../../etc/passwd   /etc/passwd   file:///etc/passwd   //host/x   %2e%2e/x   \2e\2e/x   refused
 *
 * A relative path is checked with the stylesheet policy (reference-policy.ts) as if a stylesheet in
 * the written file's top folder (`src/index.css`) named it, and may not climb with `..` at all: the
 * stylesheet Tailwind writes it into may be anywhere, even at the project's root, where `../src/x`
 * leaves the project.
 */

export interface CandidateUrlContext {
  /** A stylesheet in the written file's top folder (`src/index.css`), which relative URLs start from. */
  sheet: string
  /** Lowercased top-level folders a relative URL may reach: `src`, `app`. */
  folders: ReadonlySet<string>
  /** Whether `segments` (of a root path, decoded) name a file Vite serves from public/ or a source folder. */
  served: (segments: readonly string[]) => Promise<boolean>
}

/** A URL allowed, with the file a relative one names (relative to the root); or why it is not. */
export type CandidateUrlVerdict = { ok: true; target?: string } | { ok: false; why: string }

const KEY_FILE = /\.(?:pem|crt|key|p12|pfx)$/i
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f\uFFFD]/

/** Whether a form (percent-decoded) is a root path: `/x`, not `//host`. */
const isRootPath = (form: string) => form.startsWith('/') && !form.startsWith('//')

/** Whether a relative path climbs above the folder it starts from (`../x`, `a/../../x`). */
function climbs(form: string): boolean {
  const pathPart = form.split(/[?#]/)[0] as string
  if (pathPart === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(pathPart) || pathPart.startsWith('/')) return false
  const normalized = path.posix.normalize(pathPart)
  return normalized === '..' || normalized.startsWith('../')
}

/** The verdict on a root path (`/images/hero.png`): a plain path to a file Vite serves from the project. */
async function rootPathVerdict(
  form: string,
  forms: readonly string[],
  escaped: boolean,
  context: CandidateUrlContext,
): Promise<CandidateUrlVerdict> {
  if (escaped || form.includes('%') || forms.some((each) => each.includes('\\') || CONTROL.test(each)))
    return {
      ok: false,
      why: 'is a root path written with escapes or percent-encoding; write it plainly',
    }
  const segments = (forms[0] as string).split(/[?#]/)[0]?.split('/').slice(1) ?? []
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    return { ok: false, why: 'is a root path with an empty, . or .. part; write it plainly' }
  if (segments.some((segment) => segment.startsWith('.') || segment.toLowerCase() === 'node_modules'))
    return { ok: false, why: 'names a dot-file or node_modules' }
  if (KEY_FILE.test(segments.join('/'))) return { ok: false, why: 'names a key or certificate file' }
  if (await context.served(segments)) return { ok: true }
  return {
    ok: false,
    why: "names no file in the public folder or the project's source folders, so Vite reads it from the file system, outside the project",
  }
}

/** Whether `url` may be written in a source file, in every form CSS may read it. */
export async function candidateUrlVerdict(
  url: CandidateUrl,
  context: CandidateUrlContext,
): Promise<CandidateUrlVerdict> {
  if (!url.complete)
    return { ok: false, why: `runs on past ${MAX_ARGUMENT} characters, more than visual-edit checks` }
  let target: string | undefined
  for (const form of url.forms) {
    const decoded = decodings(form.trim())
    if (decoded === null) return { ok: false, why: 'has malformed or nested percent-encoding' }
    if (decoded.some(isRootPath)) {
      const verdict = await rootPathVerdict(form, decoded, url.escaped, context)
      if (!verdict.ok) return verdict
      continue
    }
    const verdict = referenceVerdict('url', form, { sheet: context.sheet, folders: context.folders })
    if (!verdict.ok) return { ok: false, why: verdict.reason }
    if (decoded.some(climbs))
      return {
        ok: false,
        why: "climbs with .. out of the folder of the stylesheet Tailwind writes it into, which may be the project's root, and so out of the project",
      }
    target ??= verdict.target
  }
  return target === undefined ? { ok: true } : { ok: true, target }
}
