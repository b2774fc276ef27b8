import { afterEach, expect, test, vi } from 'vitest'
import { runIsolated } from './run-isolated.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

test('a benchmark sees NODE_ENV as it would alone, whatever the one before it left', async () => {
  vi.stubEnv('NODE_ENV', undefined)
  const seen: (string | undefined)[] = []
  const ok = await runIsolated(
    [
      async () => {
        seen.push(process.env.NODE_ENV)
        process.env.NODE_ENV = 'development' // what a Vite dev server leaves behind
        return true
      },
      async () => {
        seen.push(process.env.NODE_ENV)
        return false
      },
    ],
    [],
  )
  expect(seen).toEqual([undefined, undefined])
  expect(ok).toBe(false)
  expect(process.env.NODE_ENV).toBeUndefined()
})
