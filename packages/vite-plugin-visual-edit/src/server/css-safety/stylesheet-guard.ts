import type { MutateErrorCode } from '../../protocol/mutate-api.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { FileSystem } from '../edit/source-file.ts'
import { type CssFinding, introduced, reviewCss } from './css-policy.ts'
import { realTarget } from './real-paths.ts'

/**
 * The CSS policy at the one place every write goes through (runEdit's commit): a stylesheet an edit
 * creates must pass it whole; one it edits (CSS styling) may keep what the project's own file had,
 * identically, but the edit may add nothing the policy refuses.
 *
 *   extraFiles { "src/x.css": "@plugin \"./p.js\";" }                    422, nothing written
 *   styling of src/index.css, which has @plugin "@tailwindcss/typography"   written, the @plugin kept
 */

/** What Vite processes as CSS (PostCSS and Tailwind run on it): guarded whatever an edit writes. */
const STYLESHEET = /\.(?:css|pcss|postcss|sss|less|sass|scss|styl|stylus)$/i

/** Whether `file` is a stylesheet, which this guard checks (other files: candidate-url-guard.ts). */
export const isStylesheet = (file: string) => STYLESHEET.test(file)

/** The code of a CSS refusal (422); its message starts with "Unsafe CSS". */
export const UNSAFE_CSS_CODE: MutateErrorCode = 'UNSAFE_CSS'

export interface StylesheetWrite {
  /** Real absolute path. */
  path: string
  relativePath: string
  /** The text before the edit; null for a file the edit creates. */
  before: string | null
  after: string
}

function unsafe(relativePath: string, problems: readonly string[]): MutateError {
  const listed = problems.slice(0, 3).join('; ')
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''
  return new MutateError(
    UNSAFE_CSS_CODE,
    `Unsafe CSS: ${relativePath} was not written: ${listed}${more}. CSS that visual-edit writes may use standard CSS and Tailwind at-rules and name files inside the project's source folders, packages and https: URLs, so that it never makes the dev server load code or read outside the project.`,
  )
}

/** The folders a stylesheet's relative references may reach: the source folders and its own top folder. */
function foldersFor(relativePath: string, sourceFolders: ReadonlySet<string>): Set<string> {
  const folders = new Set(sourceFolders)
  const segments = relativePath.split('/')
  if (segments.length > 1) folders.add((segments[0] as string).toLowerCase())
  return folders
}

/**
 * Refuses (422, "Unsafe CSS") a stylesheet write that would add anything the CSS policy refuses, or a
 * relative reference that a symbolic link leads out of the source folders. Other files pass as they are.
 */
export async function assertSafeStylesheet(
  fs: FileSystem,
  root: string,
  sourceFolders: ReadonlySet<string>,
  write: StylesheetWrite,
): Promise<void> {
  if (!isStylesheet(write.path)) return
  const context = { sheet: write.relativePath, folders: foldersFor(write.relativePath, sourceFolders) }
  const after = reviewCss(write.after, context)
  if (after.parseProblem !== null)
    throw unsafe(write.relativePath, [
      after.parseProblem,
      ...after.findings.map((finding) => finding.problem),
    ])
  const added = introduced(write.before === null ? null : reviewCss(write.before, context), after)
  const problems = added.findings.map((finding: CssFinding) => finding.problem)
  for (const target of added.targets) {
    if ((await realTarget(fs, root, target, context.folders)) === null)
      problems.push(
        `${JSON.stringify(target)} leads out of the project's source folders through a symbolic link`,
      )
  }
  if (problems.length > 0) throw unsafe(write.relativePath, problems)
}
