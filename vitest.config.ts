import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'packages/*/scripts/**/*.test.ts',
      'examples/*/src/**/*.test.{ts,tsx}',
      'examples/*/server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/react18/**/*.test.ts',
      'tests/conformance/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', '**/fixtures/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
