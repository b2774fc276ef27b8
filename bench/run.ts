/**
 * `npm run bench [-- <name> [args...]]`: runs every benchmark, or the one named. Each prints its figures
 * beside a baseline measured in the same run; the exit code is 1 when a goal is missed.
 */
import { benchInspector } from './inspector.ts'
import { benchInspectorIdle } from './inspector-idle.ts'
import { benchMarketplace } from './marketplace.ts'
import { benchMutate } from './mutate.ts'
import { benchTagJsx } from './tag-jsx.ts'

const BENCHMARKS: Record<string, (args: string[]) => Promise<boolean>> = {
  'tag-jsx': benchTagJsx,
  marketplace: benchMarketplace,
  mutate: benchMutate,
  inspector: benchInspector,
  'inspector-idle': benchInspectorIdle,
}

const [name, ...args] = process.argv.slice(2)
const selected = name ? { [name]: BENCHMARKS[name] } : BENCHMARKS
let ok = true
for (const [benchName, run] of Object.entries(selected)) {
  if (!run) throw new Error(`Unknown benchmark '${benchName}'. Known: ${Object.keys(BENCHMARKS).join(', ')}`)
  ok = (await run(args)) && ok
}
process.exitCode = ok ? 0 : 1
