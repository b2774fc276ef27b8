/**
 * Whether visual-edit's plugins run: in the dev server only, never in `vite build` nor under Vitest
 * (mode `test`). Every sub-plugin's `apply`.
 */
export const isDevServer = (_config: unknown, env: { command: string; mode: string }): boolean =>
  env.command === 'serve' && env.mode !== 'test'
