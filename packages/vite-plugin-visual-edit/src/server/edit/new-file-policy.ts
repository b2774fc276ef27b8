import path from 'node:path'

/**
 * Which files an edit may create (`extraFiles`, a component's own file): an allowlist, never a
 * denylist. A new file is a source file (one of NEW_FILE_EXTENSIONS) inside one of the project's
 * source folders (a top-level folder that holds a module the dev server tagged, such as `src`), with
 * plain names: no dotfile or dot-folder (`.env.local`, `.git/hooks`, `.vscode/tasks.json`), nothing
 * in node_modules or the folder Vite serves as-is (`public/`), no config or lock file. Names are
 * compared case-insensitively, as a case-insensitive file system would match them.
 */
export interface NewFilePolicy {
  /** Lowercased first path segments of the tagged modules: `src`, `app`, `components`. */
  sourceFolders: ReadonlySet<string>
  /** Vite's public folder relative to the root, lowercased posix (`public`); null when none. */
  publicDir: string | null
}

/** What an edit may create; a component needs no other kind of file. */
const NEW_FILE_EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js', '.css'] as const

/** Config and lock files: never edited, never created, wherever they are. */
export const PROTECTED_NAME =
  /^(?:(?:vite|vitest|tsconfig|jsconfig|package|biome|eslint|prettier|tailwind|postcss|babel)[.\w-]*\.(?:[cm]?[jt]s|json)|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|npm-shrinkwrap\.json)$/i

/** Names Windows reserves in any folder (`nul`, `com1.txt`), refused so a checkout stays portable. */
const RESERVED_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i

/**
 * The policy for a project: its source folders from the files the dev server tagged (relative to the
 * root), and Vite's public folder (absolute, or null).
 */
export function newFilePolicy(
  root: string,
  taggedFiles: Iterable<string>,
  publicDir: string | null,
): NewFilePolicy {
  const publicRelative =
    publicDir === null ? null : path.relative(root, publicDir).split(path.sep).join('/').toLowerCase()
  const sourceFolders = new Set<string>()
  for (const file of taggedFiles) {
    const segments = path.relative(root, file).split(path.sep)
    const first = segments[0]?.toLowerCase()
    if (segments.length < 2 || !first || first === '..' || first.startsWith('.') || first === 'node_modules')
      continue
    if (publicRelative !== null && first === publicRelative.split('/')[0]) continue
    sourceFolders.add(first)
  }
  return {
    sourceFolders,
    publicDir:
      publicRelative === null || publicRelative === '' || publicRelative.startsWith('..')
        ? null
        : publicRelative,
  }
}

/** Control characters, backslashes and colons: Windows separators and alternate streams, or no name at all. */
function hasSeparatorOrControl(segment: string): boolean {
  for (let index = 0; index < segment.length; index++) {
    const code = segment.charCodeAt(index)
    if (code < 0x20 || code === 0x7f || code === 0x5c /* \ */ || code === 0x3a /* : */) return true
  }
  return false
}

/** Why the file at `segments` (relative to the root) may not be created; null when it may. */
export function newFileRefusal(segments: readonly string[], policy: NewFilePolicy): string | null {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') return 'its path is not plain'
    if (hasSeparatorOrControl(segment) || /[. ]$/.test(segment) || RESERVED_NAME.test(segment))
      return 'its path is not plain'
    if (segment.startsWith('.')) return 'dotfiles and dot-folders are never written'
    if (segment.toLowerCase() === 'node_modules') return 'it is inside node_modules'
  }
  const lower = segments.join('/').toLowerCase()
  if (policy.publicDir !== null && (lower === policy.publicDir || lower.startsWith(`${policy.publicDir}/`)))
    return `nothing is written in ${policy.publicDir}/, which Vite serves as it is`
  const name = segments.at(-1) ?? ''
  if (PROTECTED_NAME.test(name)) return 'config and lock files are never written'
  if (!NEW_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)))
    return `only ${NEW_FILE_EXTENSIONS.join(', ')} files are created`
  if (segments.length < 2 || !policy.sourceFolders.has((segments[0] as string).toLowerCase())) {
    const folders = [...policy.sourceFolders].sort().map((folder) => `${folder}/`)
    return `new files go in the project's source folders (${folders.length > 0 ? folders.join(', ') : 'none is known yet: open the app first'})`
  }
  return null
}

/**
 * The segments of a path an edit names relative to the root (`src/ui/Badge.tsx`; a leading `/`
 * means the root, as in `/src/ui/Badge.tsx`); null for an absolute file-system path or a drive.
 */
export function requestedSegments(requested: string): string[] | null {
  const relative = requested.replace(/^\/+/, '')
  if (relative === '' || /^[A-Za-z]:/.test(relative) || path.isAbsolute(relative)) return null
  return relative.split('/')
}
