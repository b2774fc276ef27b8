/**
 * Tagging cost against what Vite pays anyway, measured in one run on the same files.
 *
 *   npm run bench -- tag-jsx [dir ...]
 *
 * Without directories it generates the corpus of bench/corpus (240 realistic .tsx files). Every
 * candidate processes the files one after another, as a dev server transforms modules; each figure is
 * the median of several rounds after a warm-up round.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { transformAsync } from '@babel/core'
import react from '@vitejs/plugin-react'
import { transform as esbuildTransform } from 'esbuild'
import { createServer, type Plugin, parseAst } from 'vite'
import { tagJsx, visualEdit } from '../packages/vite-plugin-visual-edit/src/index.ts'
import { parseModule } from '../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import { generateCorpus } from './corpus/generate.ts'
import { recordChart } from './report/record.ts'
import { median, printTable, ratio } from './report.ts'

interface SourceFile {
  name: string
  code: string
}

const ROUNDS = 7
/** Goals of the tagging issue. */
const GOAL_TIME_RATIO = 1.0
const GOAL_GROWTH = 0.15

function collect(dir: string, out: SourceFile[] = []): SourceFile[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) collect(full, out)
    else if (/\.[jt]sx$/.test(name)) out.push({ name: full, code: readFileSync(full, 'utf8') })
  }
  return out
}

/** Counts JSX opening elements (fragments excluded) in an ESTree AST from Vite's own oxc parser. */
function countOxcElements(node: unknown): number {
  if (node === null || typeof node !== 'object') return 0
  let count = 0
  const record = node as Record<string, unknown>
  if (record.type === 'JSXOpeningElement') {
    const name = record.name as { type: string; name?: string; property?: { name: string } }
    const tag = name.type === 'JSXMemberExpression' ? name.property?.name : name.name
    if (tag !== 'Fragment') count += 1
  }
  for (const key in record) {
    const value = record[key]
    if (Array.isArray(value)) for (const item of value) count += countOxcElements(item)
    else if (value !== null && typeof value === 'object') count += countOxcElements(value)
  }
  return count
}

/**
 * Median total time per candidate. Rounds are interleaved (every candidate once per round, after one
 * warm-up round) so garbage left by one candidate weighs on all of them alike.
 */
async function timeCandidates<K extends string>(
  files: SourceFile[],
  candidates: Record<K, (file: SourceFile) => unknown>,
): Promise<Record<K, number>> {
  const samples: Partial<Record<K, number[]>> = {}
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, run] of Object.entries(candidates) as [K, (file: SourceFile) => unknown][]) {
      const start = performance.now()
      for (const file of files) await run(file)
      const elapsed = performance.now() - start
      if (round > 0) samples[name] = [...(samples[name] ?? []), elapsed]
    }
  }
  return Object.fromEntries(
    (Object.entries(samples) as [K, number[]][]).map(([name, values]) => [name, median(values)]),
  ) as Record<K, number>
}

/** Unresolvable imports of a corpus become empty modules, so any folder can be served. */
function stubUnresolved(): Plugin {
  return {
    name: 'bench:stub-unresolved',
    resolveId: (source) => `\0stub:${source}`,
    load: (id) => (id.startsWith('\0stub:') ? 'export default {}' : null),
  }
}

/** Bytes the dev server sends for each module: its code plus the inline source map Vite appends. */
async function servedBytes(root: string, files: string[], plugins: Plugin[]): Promise<number> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    // A React project serves its modules through the React plugin (Fast Refresh), tagged or not.
    plugins: [...plugins, react(), stubUnresolved()],
    server: { ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    let total = 0
    for (const file of files) {
      const result = await server.transformRequest(`/${path.relative(root, file).split(path.sep).join('/')}`)
      if (!result) throw new Error(`Vite served nothing for ${file}`)
      const inlineMap = Buffer.from(JSON.stringify(result.map)).toString('base64')
      total +=
        Buffer.byteLength(result.code) +
        '\n//# sourceMappingURL=data:application/json;base64,'.length +
        inlineMap.length
    }
    return total
  } finally {
    await server.close()
  }
}

export async function benchTagJsx(dirs: string[]): Promise<boolean> {
  let roots = dirs.map((dir) => path.resolve(dir))
  if (roots.length === 0) {
    const corpus = path.join(import.meta.dirname, '.corpus')
    rmSync(corpus, { recursive: true, force: true })
    mkdirSync(corpus, { recursive: true })
    for (const file of generateCorpus(240)) writeFileSync(path.join(corpus, file.name), file.code)
    roots = [corpus]
  }
  const files = roots.flatMap((dir) => collect(dir))
  if (files.length === 0) throw new Error(`No .jsx or .tsx files under ${roots.join(', ')}`)
  const root = '/bench'
  const filename = (file: SourceFile) => path.join(root, path.basename(file.name))
  const lang = (file: SourceFile) => (file.name.endsWith('.jsx') ? 'jsx' : 'tsx')
  const inputBytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.code), 0)

  const times = await timeCandidates(files, {
    esbuild: (file) =>
      esbuildTransform(file.code, {
        loader: lang(file),
        jsx: 'automatic',
        sourcemap: true,
        sourcefile: file.name,
      }),
    babel: (file) =>
      transformAsync(file.code, {
        filename: filename(file),
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: lang(file) === 'tsx' ? ['jsx', 'typescript'] : ['jsx'] },
      }),
    tagging: (file) => tagJsx(file.code, { filename: filename(file), root }),
    babelParse: (file) => parseModule(file.code, filename(file)),
    oxcParse: (file) => parseAst(file.code, { lang: lang(file) }),
  })
  const { esbuild, babel, tagging, babelParse, oxcParse } = times

  let taggedBytes = 0
  let elements = 0
  let oxcElements = 0
  for (const file of files) {
    const result = tagJsx(file.code, { filename: filename(file), root })
    taggedBytes += Buffer.byteLength(result.code)
    elements += result.elements.length
    oxcElements += countOxcElements(parseAst(file.code, { lang: lang(file) }))
  }
  // One root for the dev servers: the common ancestor of the folders.
  const serveRoot = roots.reduce((common, dir) => {
    while (!`${dir}${path.sep}`.startsWith(`${common}${path.sep}`)) common = path.dirname(common)
    return common
  })
  const fileNames = files.map((file) => file.name)
  const servedBefore = await servedBytes(serveRoot, fileNames, [])
  const servedAfter = await servedBytes(serveRoot, fileNames, visualEdit())

  const sourceGrowth = taggedBytes / inputBytes - 1
  const servedGrowth = servedAfter / servedBefore - 1
  const corpus = `${files.length} files, ${(inputBytes / 1024).toFixed(0)} KiB, ${elements} JSX elements`
  printTable(
    'tag-jsx',
    `tag-jsx: time to transform every file, ${corpus}`,
    ['candidate (median of rounds, files one after another)', 'total ms', 'x esbuild'],
    [
      ['esbuild TSX transform + map (baseline, what Vite pays)', esbuild.toFixed(1), '1.00'],
      ['Babel transformAsync, no plugin', babel.toFixed(1), ratio(babel, esbuild)],
      ['visual-edit tagJsx (parse, ids, insertions, hires map)', tagging.toFixed(1), ratio(tagging, esbuild)],
      ['  of which Babel parse (the parser tagging uses)', babelParse.toFixed(1), ratio(babelParse, esbuild)],
      ["  candidate: Vite's own oxc parseAst, parse only", oxcParse.toFixed(1), ratio(oxcParse, esbuild)],
    ],
  )
  printTable(
    'tag-jsx',
    'tag-jsx: what tagging adds to the modules',
    ['size', 'before KiB', 'after KiB', 'growth'],
    [
      ['source module (tagged .tsx)', kib(inputBytes), kib(taggedBytes), percent(sourceGrowth)],
      [
        'served by the dev server with @vitejs/plugin-react (JS + inline map)',
        kib(servedBefore),
        kib(servedAfter),
        percent(servedGrowth),
      ],
    ],
  )

  recordChart('tag-jsx', {
    title: `Tagging every file against what Vite pays (esbuild) and a Babel pass (${corpus})`,
    unit: 'ms',
    valueName: 'visual-edit tagJsx',
    baselineName: 'the same files through the baseline',
    lowerIsBetter: true,
    bars: [
      {
        label: 'against the esbuild TSX transform',
        value: tagging,
        baseline: esbuild,
        baselineName: 'esbuild',
        goal: GOAL_TIME_RATIO * esbuild,
      },
      { label: 'against Babel transformAsync', value: tagging, baseline: babel, baselineName: 'Babel' },
    ],
  })
  recordChart('tag-jsx', {
    title: 'What tagging adds to the modules',
    unit: 'KiB',
    valueName: 'tagged',
    baselineName: 'untagged',
    lowerIsBetter: true,
    bars: [
      { label: 'source modules (.tsx)', value: taggedBytes / 1024, baseline: inputBytes / 1024 },
      {
        label: 'served by the dev server (JS + map)',
        value: servedAfter / 1024,
        baseline: servedBefore / 1024,
        goal: ((1 + GOAL_GROWTH) * servedBefore) / 1024,
      },
    ],
  })
  const timeOk = tagging / esbuild <= GOAL_TIME_RATIO
  const growthOk = servedGrowth <= GOAL_GROWTH
  const parser =
    oxcParse < babelParse && oxcElements === elements ? 'oxc would be faster: switch' : 'Babel stays'
  console.log(
    `goal tagging <= ${GOAL_TIME_RATIO.toFixed(1)}x esbuild: ${timeOk ? 'met' : 'MISSED'} (${ratio(tagging, esbuild)}x)`,
  )
  console.log(
    `goal served module growth <= ${GOAL_GROWTH * 100}%: ${growthOk ? 'met' : 'MISSED'} (${percent(servedGrowth)})`,
  )
  console.log(
    `parser: oxc found ${oxcElements} elements, Babel ${elements}; oxc/Babel parse time ${ratio(oxcParse, babelParse)}x -> ${parser}`,
  )
  return timeOk && growthOk
}

const kib = (bytes: number) => (bytes / 1024).toFixed(0)
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`
