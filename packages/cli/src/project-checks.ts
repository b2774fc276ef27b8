import { existsSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { jsxFiles, VisualEditError } from 'vite-plugin-visual-edit'

/** The project folder must exist: a typo in the path is the most common mistake. */
export function checkProjectFolder(root: string): void {
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new VisualEditError(
      'VISUAL_EDIT_PROJECT_NOT_FOUND',
      `Project folder ${root} does not exist. Pass the folder that holds the project's vite.config.`,
    )
  }
}

/**
 * What `visual-edit edit` needs of a folder before it starts a server there, each missing piece with
 * its own code and fix: the folder, its package.json, a `react` its modules can import, and at least
 * one `.jsx`/`.tsx` file to edit. Otherwise Vite would serve an empty or broken page and leave the
 * user to guess why. (`vite` itself may be missing: visual-edit then runs its own, with a note.)
 */
export async function checkProject(root: string): Promise<void> {
  checkProjectFolder(root)
  if (!existsSync(path.join(root, 'package.json'))) {
    throw new VisualEditError(
      'VISUAL_EDIT_NO_PACKAGE_JSON',
      `${root} has no package.json. Pass the folder of the project itself (where its package.json and vite.config are), not a folder above or below it.`,
    )
  }
  try {
    createRequire(path.join(root, 'package.json')).resolve('react')
  } catch {
    throw new VisualEditError(
      'VISUAL_EDIT_NO_REACT',
      `react cannot be found from ${root}; visual-edit edits React apps. Install the project's dependencies (npm install), or add React to it (npm i react react-dom).`,
    )
  }
  const files = jsxFiles(root)
  const first = await files.next()
  await files.return(undefined)
  if (first.done) {
    throw new VisualEditError(
      'VISUAL_EDIT_NO_JSX',
      `${root} holds no .jsx or .tsx file (node_modules and dot-folders are not searched), so there is nothing to edit visually. Pass the folder of a React project whose components are written in JSX.`,
    )
  }
}
