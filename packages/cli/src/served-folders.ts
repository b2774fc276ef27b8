import { lstat, readdir, realpath } from 'node:fs/promises'
import path from 'node:path'

/** The node_modules folders a module of `root` resolves packages from: its own and every ancestor's. */
function nodeModulesFolders(root: string): string[] {
  const folders: string[] = []
  for (let dir = root; ; dir = path.dirname(dir)) {
    folders.push(path.join(dir, 'node_modules'))
    if (path.dirname(dir) === dir) return folders
  }
}

/** Real folders of the packages linked into `folder` (workspace packages, `npm link`): `name` and `@scope/name`. */
async function linkedPackages(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  const linked: string[] = []
  for (const entry of entries) {
    const at = path.join(folder, entry.name)
    if (entry.isDirectory() && entry.name.startsWith('@')) linked.push(...(await linkedPackages(at)))
    else if (entry.isSymbolicLink()) {
      const target = await realpath(at).catch(() => null)
      if (target && !target.split(path.sep).includes('node_modules')) linked.push(target)
    }
  }
  return linked
}

/**
 * What the dev server may serve from the file system (Vite's `server.fs.allow`): the project, the
 * node_modules folders its imports resolve from, and the real folders of packages linked into them
 * (a monorepo's own packages). Not the rest of a monorepo or of the disk, which Vite's default (the
 * workspace root) would let any page of the server read through `/@fs/`.
 */
export async function servedFolders(root: string): Promise<string[]> {
  const folders = [root]
  for (const folder of nodeModulesFolders(root)) {
    const stats = await lstat(folder).catch(() => null)
    if (!stats?.isDirectory()) continue
    folders.push(folder, ...(await linkedPackages(folder)))
  }
  return [...new Set(folders)]
}
