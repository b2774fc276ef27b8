import path from 'node:path'
import { MutateError } from '../edit/mutate-error.ts'
import type { FileSystem } from '../edit/source-file.ts'
import { candidateUrlVerdict } from './candidate-url-policy.ts'
import { type CandidateUrl, candidateUrls, mayHoldCandidateUrl } from './candidate-urls.ts'
import { realFileInside, realTarget } from './real-paths.ts'
import { isStylesheet, UNSAFE_CSS_CODE } from './stylesheet-guard.ts'

/**
 * The URLs an edit writes into a source file that is not a stylesheet (a component, a text, a
 * className), checked at the one place every write goes through (runEdit's commit): Tailwind turns a
 * `url(...)` anywhere in a source file's text into CSS (`bg-[url(...)]`), whose url() the dev server
 * resolves and a build copies (candidate-urls.ts, candidate-url-policy.ts). Only the URLs the edit
 * adds count, so a project's own text never blocks an edit:
 *
 *   updateClasses of src/App.tsx to "bg-[url(../../../etc/passwd)]"      422, nothing written
 *   updateClasses to "bg-[url(/images/car-1.svg)]", public/images/car-1.svg exists   written
 *   editText elsewhere in a file that already holds url(../../x)          written
 */

export interface CandidateUrlWrite {
  /** Real absolute path. */
  path: string
  relativePath: string
  /** The text before the edit; null for a file the edit creates. */
  before: string | null
  after: string
}

export interface CandidateUrlProject {
  fs: FileSystem
  root: string
  /** Lowercased top-level folders of the project's sources: `src`, `app`. */
  sourceFolders: ReadonlySet<string>
  /** Vite's public folder (absolute); null when there is none. */
  publicDir: string | null
}

/** The longest URL a message shows; the line tells which one it is. */
const SHOWN = 40

const keyOf = (url: CandidateUrl) => `${url.kind} ${url.forms[0] ?? ''}`

/** The URLs of `after` that `before` did not hold (as many times), in order. */
function added(before: readonly CandidateUrl[], after: readonly CandidateUrl[]): CandidateUrl[] {
  const had = new Map<string, number>()
  for (const url of before) had.set(keyOf(url), (had.get(keyOf(url)) ?? 0) + 1)
  return after.filter((url) => {
    const left = had.get(keyOf(url)) ?? 0
    if (left > 0) had.set(keyOf(url), left - 1)
    return left === 0
  })
}

function shown(url: CandidateUrl): string {
  const written = url.written.length > SHOWN ? `${url.written.slice(0, SHOWN - 3)}...` : url.written
  return url.kind === 'url' ? `url(${written})` : `image-set(${written})`
}

function unsafe(relativePath: string, top: string, publicDir: string | null, problems: readonly string[]) {
  const listed = problems.slice(0, 3).join('; ')
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''
  const public_ = publicDir === null ? '' : `a file in ${publicDir}/ (url(/images/x.png)), `
  return new MutateError(
    UNSAFE_CSS_CODE,
    `Unsafe CSS: ${relativePath} was not written: ${listed}${more}: Tailwind turns it into CSS whose url() the dev server resolves and a build copies. Use ${public_}one inside ${top || 'src'}/, or an https: URL.`,
  )
}

/**
 * Refuses (422, "Unsafe CSS") a write of a source file that adds a URL the candidate-URL policy
 * refuses, or a relative one that a symbolic link leads out of the source folders. Stylesheets pass
 * here: assertSafeStylesheet checks them as CSS.
 */
export async function assertSafeCandidateUrls(
  project: CandidateUrlProject,
  write: CandidateUrlWrite,
): Promise<void> {
  if (isStylesheet(write.path) || !mayHoldCandidateUrl(write.after)) return
  const urls = added(write.before === null ? [] : candidateUrls(write.before), candidateUrls(write.after))
  if (urls.length === 0) return

  const segments = write.relativePath.split('/')
  const top = segments.length > 1 ? (segments[0] as string).toLowerCase() : ''
  const folders = new Set(project.sourceFolders)
  if (top !== '') folders.add(top)
  const publicDir = project.publicDir
  const context = {
    sheet: top === '' ? 'index.css' : `${top}/index.css`,
    folders,
    served: async (parts: readonly string[]) => {
      if (publicDir !== null && (await realFileInside(project.fs, publicDir, parts)) !== null) return true
      const inRoot = await realFileInside(project.fs, project.root, parts)
      return inRoot !== null && folders.has((inRoot.split('/')[0] as string).toLowerCase())
    },
  }

  const problems: string[] = []
  for (const url of urls) {
    const verdict = await candidateUrlVerdict(url, context)
    const where = `line ${url.line}: ${shown(url)} in a Tailwind class`
    if (!verdict.ok) problems.push(`${where} ${verdict.why}`)
    else if (
      verdict.target !== undefined &&
      (await realTarget(project.fs, project.root, verdict.target, folders)) === null
    )
      problems.push(`${where} leads out of the project's source folders through a symbolic link`)
  }
  if (problems.length > 0) {
    const publicName =
      publicDir === null ? null : path.relative(project.root, publicDir).split(path.sep).join('/')
    throw unsafe(
      write.relativePath,
      top,
      publicName === null || publicName.startsWith('..') ? null : publicName,
      problems,
    )
  }
}
