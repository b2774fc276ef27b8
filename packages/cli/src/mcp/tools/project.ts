import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { designTokens } from 'vite-plugin-visual-edit'
import type { AgentSelection } from 'vite-plugin-visual-edit/protocol'
import { type McpTool, modeOf, type ToolContext } from './tool.ts'

export const getSelection: McpTool<'get_selection'> = {
  name: 'get_selection',
  description:
    'The element(s) selected in the running visual-edit editor of this project: file, line and column, component stack, tag, classes, text, props, key computed styles, route and a PNG of the element. Empty when no editor is running.',
  async run(_input, { workspace }: ToolContext) {
    const connection = await workspace.connection()
    if (connection.mode === 'files' || connection.canvasId === null)
      return { ...modeOf(connection), route: null, selection: [] }
    const selection = await connection.live.ask<AgentSelection>('get_selection')
    return { ...modeOf(connection), route: selection.route, selection: selection.elements }
  },
}

/** Stylesheets of the project outside node_modules and dot-folders (where custom utilities are written). */
async function* stylesheets(folder: string, depth = 0): AsyncGenerator<string> {
  if (depth > 8) return
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) yield* stylesheets(full, depth + 1)
    else if (/\.(?:css|pcss|postcss)$/.test(entry.name)) yield full
  }
}

/** `@utility name` (Tailwind 4) and the classes of `@layer utilities` / `@layer components` (3): the project's own. */
async function customUtilities(root: string): Promise<{ name: string; file: string }[]> {
  const found: { name: string; file: string }[] = []
  for await (const file of stylesheets(root)) {
    const css = await readFile(file, 'utf8')
    const relative = path.relative(root, file).split(path.sep).join('/')
    for (const match of css.matchAll(/@utility\s+([A-Za-z0-9_-]+(?:-\*)?)/g))
      found.push({ name: match[1] as string, file: relative })
    for (const layer of css.matchAll(/@layer\s+(?:utilities|components)\s*\{([\s\S]*?)\n\}/g)) {
      for (const rule of (layer[1] as string).matchAll(/(?:^|[\s,}])\.([A-Za-z_][\w-]*)\s*[{,:]/g))
        if (!found.some((known) => known.name === rule[1]))
          found.push({ name: rule[1] as string, file: relative })
    }
  }
  return found
}

export const getDesignTokens: McpTool<'design_tokens'> = {
  name: 'design_tokens',
  description:
    "The project's Tailwind theme, so classes you write are the project's own: its colours, spacing steps, type scale, weights, radii, shadows and breakpoints with their values, how dark mode is switched, and the custom utilities its stylesheets define. tailwind: null when the project does not use Tailwind.",
  async run(_input, { workspace }: ToolContext) {
    const files = workspace.files
    const [tokens, utilities] = await Promise.all([designTokens(files.root), customUtilities(files.root)])
    return { ...modeOf(await workspace.connection()), ...tokens, customUtilities: utilities }
  },
}
