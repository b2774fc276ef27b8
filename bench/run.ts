/**
 * `npm run bench [-- <name> [args...]]`: runs every benchmark, or the one named. Each prints its figures
 * beside a baseline measured in the same run; the exit code is 1 when a goal is missed. What each
 * printed and recorded (bench/report/record.ts) goes to its section of bench/REPORT.md.
 */
import { stripVTControlCharacters } from 'node:util'
import { benchAgent } from './agent.ts'
import { benchBackend } from './backend.ts'
import { benchClassAutocomplete } from './class-autocomplete.ts'
import { benchEditor } from './editor.ts'
import { benchFidelity } from './fidelity/run.ts'
import { benchFrames } from './frames.ts'
import { benchInsert } from './insert.ts'
import { benchInspector } from './inspector.ts'
import { benchInspectorIdle } from './inspector-idle.ts'
import { benchInspectorInstant } from './inspector-instant.ts'
import { benchInspectorRedraw } from './inspector-redraw.ts'
import { benchInspectorRules } from './inspector-rules.ts'
import { benchLighthouse } from './lighthouse.ts'
import { benchListingUpload } from './listing-upload.ts'
import { benchMarketplace } from './marketplace.ts'
import { benchMarketplaceAdmin } from './marketplace-admin.ts'
import { benchMarketplaceSearch } from './marketplace-search.ts'
import { benchMutate } from './mutate.ts'
import { benchPalette } from './palette.ts'
import { takeRecords } from './report/record.ts'
import { type AreaRun, describeMachine, writeReport } from './report/write-report.ts'
import { runIsolated } from './run-isolated.ts'
import { benchStylesPanel } from './styles-panel.ts'
import { benchTagJsx } from './tag-jsx.ts'

const BENCHMARKS: Record<string, (args: string[]) => Promise<boolean>> = {
  'tag-jsx': benchTagJsx,
  marketplace: benchMarketplace,
  'marketplace-search': benchMarketplaceSearch,
  'marketplace-admin': benchMarketplaceAdmin,
  'listing-upload': benchListingUpload,
  mutate: benchMutate,
  fidelity: benchFidelity,
  inspector: benchInspector,
  'inspector-idle': benchInspectorIdle,
  'inspector-instant': benchInspectorInstant,
  'inspector-redraw': benchInspectorRedraw,
  'inspector-rules': benchInspectorRules,
  editor: benchEditor,
  backend: benchBackend,
  'class-autocomplete': benchClassAutocomplete,
  'styles-panel': benchStylesPanel,
  palette: benchPalette,
  frames: benchFrames,
  insert: benchInsert,
  agent: benchAgent,
  lighthouse: benchLighthouse,
}

const [name, ...args] = process.argv.slice(2)
if (name && !BENCHMARKS[name])
  throw new Error(`Unknown benchmark '${name}'. Known: ${Object.keys(BENCHMARKS).join(', ')}`)
const selected = name ? [name] : Object.keys(BENCHMARKS)

const machine = describeMachine()
const runs: Record<string, AreaRun> = {}
let allMet = true
try {
  for (const benchmark of selected) {
    const run = BENCHMARKS[benchmark] as (args: string[]) => Promise<boolean>
    const printed: string[] = []
    const log = console.log
    // What the benchmark prints goes to the terminal and, as printed, to its section of the report.
    console.log = (...values: unknown[]) => {
      log(...values)
      printed.push(values.map((value) => (typeof value === 'string' ? value : String(value))).join(' '))
    }
    let met: boolean
    try {
      met = await runIsolated([run], args)
    } finally {
      console.log = log
    }
    allMet = met && allMet
    const records = takeRecords()
    const strays = [...records.keys()].filter((area) => area !== benchmark)
    if (strays.length > 0)
      console.warn(
        `bench/run.ts: '${benchmark}' recorded under ${strays.join(', ')}: its records go to its own section; record under its name in BENCHMARKS`,
      )
    runs[benchmark] = {
      ranAt: new Date().toISOString(),
      machine,
      met,
      output: stripVTControlCharacters(printed.join('\n')),
      tables: [...records.values()].flatMap((record) => record.tables),
      charts: [...records.values()].flatMap((record) => record.charts),
    }
  }
} finally {
  // A benchmark that throws ends the run; those that finished before it still reach the report.
  if (Object.keys(runs).length > 0) {
    writeReport(import.meta.dirname, runs)
    console.log(`\nbench/REPORT.md: ${Object.keys(runs).join(', ')} updated`)
  }
}
process.exitCode = allMet ? 0 : 1
