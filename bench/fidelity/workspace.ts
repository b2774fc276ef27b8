/**
 * A project's working copy for the fidelity benchmark: its files copied into a temporary folder (the
 * repository is never written), the packages it resolves linked beside them, every `.jsx`/`.tsx` file
 * tagged into an element index as the dev server's tag plugin does, and the dev server's services over
 * it. Tasks edit the copy and undo their edit; `originals` holds the bytes every measure compares with.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { jsxFiles } from '../../packages/vite-plugin-visual-edit/src/server/edit/headless.ts'
import type { MutationServices } from '../../packages/vite-plugin-visual-edit/src/server/edit/mutation.ts'
import {
  ElementIndex,
  type IndexedElement,
} from '../../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import { analyzeJsx } from '../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { devServerServices, timedFileSystem } from './services.ts'
import type { Pick, SourceProject } from './task.ts'

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** What is copied besides `src/`: what Tailwind and PostCSS read, and the package's module type. */
const PROJECT_FILES = [
  'package.json',
  'tailwind.config.js',
  'tailwind.config.ts',
  'postcss.config.js',
  'postcss.config.cjs',
]

/**
 * The compiler options of the type check (typecheck.ts): those of a Vite React app, with JavaScript
 * files in the program (checked for syntax, not types) so `.jsx` projects are read too.
 */
const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    lib: ['es2023', 'dom', 'dom.iterable'],
    module: 'esnext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    allowJs: true,
    resolveJsonModule: true,
    isolatedModules: true,
    types: ['vite/client'],
  },
  include: ['src'],
  // The marketplace's unit tests import its server folder, which is not copied.
  exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
}

export interface Workspace {
  project: SourceProject
  /** The copy's real path (the mutate code compares real paths). */
  root: string
  index: ElementIndex
  services: MutationServices
  /** The time the services' file system calls took since it was last set to 0. */
  io: { ms: number }
  /** Every copied file of `src/` as copied, by absolute path. */
  originals: Map<string, Buffer>
  /** The copy's tsconfig.json, for the type check. */
  tsconfig: string
}

/**
 * The folders `node_modules` the project resolves packages from, nearest first: its own, then each
 * folder's above it up to the repository's (the marketplace's own, then the workspace's hoisted ones).
 */
function packageFolders(dir: string): string[] {
  const folders: string[] = []
  for (let at = dir; at.startsWith(REPO); at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules')
    if (existsSync(candidate)) folders.push(candidate)
    if (at === REPO) break
  }
  return folders
}

/**
 * Links the packages of `folders` into `target`, the nearest folder's copy of a name winning as Node's
 * resolution would pick it; scopes (`@types`) are merged package by package.
 */
function linkPackages(target: string, folders: readonly string[]): void {
  mkdirSync(target, { recursive: true })
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      if (name.startsWith('.')) continue
      const source = path.join(folder, name)
      const linked = path.join(target, name)
      if (name.startsWith('@') && lstatSync(source).isDirectory()) {
        linkPackages(linked, [source])
        continue
      }
      if (!existsSync(linked)) symlinkSync(source, linked)
    }
  }
}

/** Copies the project into `parent/<name>`, links its packages, tags its modules. */
export async function createWorkspace(project: SourceProject, parent: string): Promise<Workspace> {
  const target = path.join(parent, project.name)
  mkdirSync(target, { recursive: true })
  cpSync(path.join(project.dir, 'src'), path.join(target, 'src'), { recursive: true })
  for (const file of PROJECT_FILES) {
    const source = path.join(project.dir, file)
    if (existsSync(source)) copyFileSync(source, path.join(target, file))
  }
  linkPackages(path.join(target, 'node_modules'), packageFolders(project.dir))
  const tsconfig = path.join(target, 'tsconfig.json')
  writeFileSync(tsconfig, `${JSON.stringify(TSCONFIG, null, 2)}\n`)

  const root = realpathSync(target)
  const originals = new Map<string, Buffer>()
  const collect = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) collect(full)
      else originals.set(full, readFileSync(full))
    }
  }
  collect(path.join(root, 'src'))

  const index = new ElementIndex()
  for await (const file of jsxFiles(path.join(root, 'src'))) indexFile(index, root, file)
  const { fs, io } = timedFileSystem()
  return {
    project,
    root,
    index,
    services: devServerServices(root, index, fs),
    io,
    originals,
    tsconfig: path.join(root, 'tsconfig.json'),
  }
}

/** Tags one module into the index from its bytes on disk, as the tag plugin does when it is served. */
export function indexFile(index: ElementIndex, root: string, file: string): void {
  const text = readFileSync(file, 'utf8')
  index.setFile(file, analyzeJsx(text, { filename: file, root }).elements, text)
}

/** The element `pick` names in `file` (relative to the root), as the index knows it now. */
export function pickElement(workspace: Workspace, file: string, pick: Pick): IndexedElement {
  const absolute = path.join(workspace.root, pick.file ?? file)
  const elements = workspace.index.elementsOf(absolute)
  if (elements.length === 0) throw new Error(`${pick.file ?? file} has no tagged elements`)
  const code = readFileSync(absolute, 'utf8')
  const matches = elements
    .filter(
      (element) =>
        element.tagName === pick.tag &&
        (pick.attr === undefined ||
          code.slice(element.openingStart, element.openingEnd).includes(pick.attr)) &&
        (pick.text === undefined || code.slice(element.start, element.end).includes(pick.text)),
    )
    .sort((a, b) => a.start - b.start)
  const shown = `<${pick.tag}>${pick.attr ? ` with ${JSON.stringify(pick.attr)}` : ''}${pick.text ? ` holding ${JSON.stringify(pick.text)}` : ''} in ${pick.file ?? file}`
  if (pick.nth === undefined && matches.length !== 1)
    throw new Error(`${matches.length} elements match ${shown}; the selector must name exactly one`)
  const found = matches[pick.nth ?? 0]
  if (!found) throw new Error(`No element ${(pick.nth ?? 0) + 1} of ${matches.length} matching ${shown}`)
  return found
}
