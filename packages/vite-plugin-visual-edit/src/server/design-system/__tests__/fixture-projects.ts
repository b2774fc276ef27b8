import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Temporary projects for the design-system tests. One inside a fixture project of
 * tests/fixtures/projects resolves that project's own tailwindcss (vite5-tailwind3: 3.4, vite6: 4.0,
 * vite7: 4.1, vite8-tailwind4: the repository's newest 4.x); one under the system's temp folder
 * resolves none (a project without Tailwind).
 */
export const FIXTURE_PROJECTS = path.resolve(import.meta.dirname, '../../../../../../tests/fixtures/projects')

/** The theme colour the tests give each project; no palette colour of Tailwind 3 or 4 shares it. */
export const BRAND = '#123457'

/** Tailwind 4: the theme colour, and a utility of the project's own. */
const V4_THEMED_CSS = `@import "tailwindcss";\n\n@theme {\n  --color-brand: ${BRAND};\n}\n\n@utility card-frame {\n  border-width: 3px;\n}\n`
/** Tailwind 3: the same through its config and a component class of the stylesheet. */
const V3_THEMED_FILES = {
  'tailwind.config.js': `export default { content: ['./src/**/*.tsx'], theme: { extend: { colors: { brand: '${BRAND}' } } } }\n`,
  'src/index.css':
    '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n\n@layer components {\n  .card-frame {\n    border-width: 3px;\n  }\n}\n',
}

/** Each Tailwind release under test: the fixture project that installs it, and a themed project's files. */
export const TAILWIND_RELEASES = [
  { workspace: 'vite5-tailwind3', major: 3, files: V3_THEMED_FILES },
  { workspace: 'vite6-tailwind40-vite', major: 4, files: { 'src/index.css': V4_THEMED_CSS } },
  { workspace: 'vite7-tailwind41', major: 4, files: { 'src/index.css': V4_THEMED_CSS } },
  { workspace: 'vite8-tailwind4', major: 4, files: { 'src/index.css': V4_THEMED_CSS } },
] as const

/** Makes temporary projects and removes them all with `cleanUp()` (call it in afterAll). */
export function temporaryProjects(prefix: string): {
  /** A project with `files`, inside the fixture project `workspace`, or outside the repository when null. */
  project: (workspace: string | null, files: Readonly<Record<string, string>>) => string
  cleanUp: () => void
} {
  const roots: string[] = []
  return {
    project(workspace, files) {
      const parent = workspace === null ? tmpdir() : path.join(FIXTURE_PROJECTS, workspace, '.tmp')
      mkdirSync(parent, { recursive: true })
      const root = mkdtempSync(path.join(parent, `${prefix}-`))
      roots.push(root)
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
        writeFileSync(path.join(root, name), text)
      }
      return root
    },
    cleanUp() {
      for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
    },
  }
}
