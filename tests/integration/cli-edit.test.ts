import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type EditSession, edit, PRODUCTION_NODE_ENV } from '../../packages/cli/src/commands/edit.ts'
import { run } from '../../packages/cli/src/index.ts'
import { findVisualEditContext } from '../../packages/vite-plugin-visual-edit/src/index.ts'
import { copyFixture } from '../helpers/temp-project.ts'

const TAG = /"data-tempo-id": "tempo-[0-9a-f-]{36}"/

describe('visual-edit edit', () => {
  const project = copyFixture('tag-app')
  let session: EditSession

  beforeAll(async () => {
    // The project lists visualEdit() itself, with its own options: those win over the CLI's instance.
    writeFileSync(
      path.join(project.dir, 'vite.config.ts'),
      [
        "import { defineConfig } from 'vite'",
        "import { visualEdit } from 'vite-plugin-visual-edit'",
        '',
        "export default defineConfig({ plugins: [visualEdit({ exclude: ['src/excluded/**'] })], logLevel: 'silent' })",
        '',
      ].join('\n'),
    )
    session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false })
  })

  afterAll(async () => {
    await session?.close()
    project.remove()
  })

  test('serves the project on loopback with its JSX tagged', async () => {
    expect(session.urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const response = await fetch(new URL('/src/App.tsx', session.urls[0]))
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(TAG)
  })

  test("the project's own visualEdit() does the work; the CLI's instance stands down", async () => {
    const widget = await fetch(new URL('/src/excluded/Widget.tsx', session.urls[0]))
    expect(await widget.text()).not.toMatch(TAG)
    const instances = session.server.config.plugins.filter((plugin) => plugin.name === 'visual-edit:tag-jsx')
    expect(instances).toHaveLength(2)
    const context = findVisualEditContext(session.server.config.plugins)
    expect(context?.index.elementsOf(path.join(project.dir, 'src', 'App.tsx')).length).toBe(3)
    const standby = (instances[1]?.api as { context: typeof context } | undefined)?.context
    expect(standby?.index.size).toBe(0)
  })
})

describe('visual-edit edit with NODE_ENV=production', () => {
  test('warns that React runs its production build without Fast Refresh', async () => {
    const project = copyFixture('tag-app')
    vi.stubEnv('NODE_ENV', 'production')
    let session: EditSession | undefined
    try {
      session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false })
      expect(session.warnings).toEqual([PRODUCTION_NODE_ENV])
    } finally {
      await session?.close()
      vi.unstubAllEnvs()
      project.remove()
    }
  })

  test('no warning otherwise', async () => {
    const project = copyFixture('tag-app')
    const session = await edit({ root: project.dir, port: 0, host: '127.0.0.1', open: false })
    try {
      expect(session.warnings).toEqual([])
    } finally {
      await session.close()
      project.remove()
    }
  })
})

describe('visual-edit command line', () => {
  test('a missing project folder is one clear error and exit code 1', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await run(['node', 'visual-edit', 'edit', path.join(import.meta.dirname, 'no-such-project')])
      expect(process.exitCode).toBe(1)
      expect(error).toHaveBeenCalledTimes(1)
      expect(error.mock.calls[0]?.[0]).toMatch(/no-such-project does not exist\. Pass the folder/)
    } finally {
      error.mockRestore()
      process.exitCode = 0
    }
  })
})
