/**
 * Runs benchmarks one after another in this process, each with the environment it would have alone:
 * Vite sets `NODE_ENV` when it is unset (a dev server to 'development', a build to 'production'), so
 * a dev-server benchmark before a build benchmark would otherwise make that build React's development
 * one. Resolves to whether every benchmark met its goals.
 */
export async function runIsolated(
  benchmarks: readonly ((args: string[]) => Promise<boolean>)[],
  args: string[],
): Promise<boolean> {
  const nodeEnv = process.env.NODE_ENV
  let ok = true
  for (const run of benchmarks) {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    ok = (await run(args)) && ok
  }
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  return ok
}
