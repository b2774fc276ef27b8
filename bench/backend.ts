import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import bcrypt from 'bcryptjs'
import { Database } from '../examples/marketplace/server/db/database.ts'
import { createScratchDatabase } from '../examples/marketplace/server/db/scratch-database.ts'
import { createBackend, startBackend } from '../examples/marketplace/server/index.ts'
import { recordChart } from './report/record.ts'
import { median, percentile, printTable, ratio } from './report.ts'

const MARKETPLACE = fileURLToPath(new URL('../examples/marketplace/', import.meta.url))
const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))

/** The goals for the marketplace's local backend. */
const START_BUDGET_MS = 1500
const SIGN_IN_P95_BUDGET = 1.5
const SELECT_P95_BUDGET_MS = 10
const CLIENTS = 20

/**
 * The marketplace's local backend: start on a warm data directory (beside a bare PGlite open of the
 * same directory), sign-in under 20 concurrent clients (beside bcrypt's own cost: 20 hashes queued on
 * the machine's cores), and a PostgREST select of one user row by id under RLS at 20 concurrent
 * clients (beside a bare HTTP round trip to the same server), on PGlite and, when BENCH_DATABASE_URL
 * (else TEST_DATABASE_URL) names a PostgreSQL server whose user may create databases, on a fresh
 * database there.
 */
export async function benchBackend(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-bench-'))
  let ok = true
  try {
    ok = (await benchStart(dataDir)) && ok
    ok = (await benchRequests(dataDir)) && ok
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  return ok
}

async function benchStart(dataDir: string): Promise<boolean> {
  const coldStarted = performance.now()
  await (await createBackend({ dataDir, env: {} })).close()
  const cold = performance.now() - coldStarted

  const starts: number[] = []
  const bare: number[] = []
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const backend = await createBackend({ dataDir, env: {} })
    starts.push(performance.now() - started)
    await backend.close()
    const opened = performance.now()
    const pg = await PGlite.create(path.join(dataDir, 'pgdata'))
    await pg.query('select 1')
    bare.push(performance.now() - opened)
    await pg.close()
  }
  const worst = Math.max(...starts)
  printTable(
    'backend',
    'marketplace backend: start (ms)',
    ['', 'median', 'worst', 'x bare'],
    [
      [
        'baseline: bare PGlite open of the directory',
        median(bare).toFixed(0),
        Math.max(...bare).toFixed(0),
        '1.00',
      ],
      [
        'backend start, warm data directory',
        median(starts).toFixed(0),
        worst.toFixed(0),
        ratio(median(starts), median(bare)),
      ],
      ['backend start, first (initdb, migrations, seed)', cold.toFixed(0), '', ratio(cold, median(bare))],
    ],
  )
  recordChart('backend', {
    title: 'The backend start on a warm data directory, against a bare PGlite open of it',
    unit: 'ms',
    valueName: 'backend start',
    baselineName: 'bare PGlite open',
    lowerIsBetter: true,
    bars: [
      { label: 'warm start, median of 5', value: median(starts), baseline: median(bare) },
      { label: 'warm start, worst of 5', value: worst, baseline: Math.max(...bare) },
    ],
    goal: START_BUDGET_MS,
  })
  const met = worst <= START_BUDGET_MS
  console.log(
    `goal warm start <= ${START_BUDGET_MS} ms: ${met ? 'met' : 'MISSED'} (worst ${worst.toFixed(0)} ms)`,
  )
  return met
}

interface Customer {
  email: string
  password: string
}

interface SelectRun {
  selects: number[]
  trips: number[]
  /** The same transaction straight through the backend's Database, in this process (PostgreSQL only). */
  direct: number[] | null
}

async function benchRequests(dataDir: string): Promise<boolean> {
  const backend = await startBackend({
    dataDir,
    port: 0,
    env: {},
    rateLimits: { tokenPerWindow: 1e9, mailPerWindow: 1e9, windowMs: 1000 },
  })
  const { anonKey } = backend.config
  const customer = backend.config.demoAccounts.find((account) => account.role === 'customer')
  if (!customer) throw new Error('no demo customer')
  let signIns: number[]
  let hashCost: number
  try {
    // Sign-in: 20 clients at once, five rounds; beside 20 bcrypt compares queued on a pool of workers.
    await signIn(backend.url, anonKey, customer)
    signIns = await concurrently(CLIENTS, 5, () => signIn(backend.url, anonKey, customer))
    hashCost = await queuedHashes(CLIENTS)
  } finally {
    await backend.close()
  }
  const signInP95 = percentile(signIns, 95)

  // One user row by id under RLS, as the app reads its role: against the backend in its own process
  // (`npm run backend`, on the same data), so the 20 clients' own work is not done on its event loop.
  // On PGlite in the data directory, then on a fresh database of the PostgreSQL server, if there is one.
  const onPglite = await benchSelect(dataDir, anonKey, customer, null)
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  let onPostgres: SelectRun | null = null
  if (serverUrl) {
    const database = await createScratchDatabase(serverUrl, 'visual_edit_bench')
    try {
      onPostgres = await benchSelect(dataDir, anonKey, customer, database.url)
    } finally {
      await database.drop()
    }
  }

  const selectRows = (run: SelectRun, on: string): string[][] => {
    const tripP95 = percentile(run.trips, 95)
    const rows = [
      [`baseline: bare HTTP round trip (CORS preflight), ${on}`, ...p50p95(run.trips), '1.00'],
      [
        `select one users row by id under RLS, ${on}`,
        ...p50p95(run.selects),
        ratio(percentile(run.selects, 95), tripP95),
      ],
    ]
    if (run.direct) {
      rows.push([
        `  its transaction in process, no HTTP (${on})`,
        ...p50p95(run.direct),
        ratio(percentile(run.direct, 95), tripP95),
      ])
    }
    return rows
  }
  printTable(
    'backend',
    `marketplace backend: requests at ${CLIENTS} concurrent clients (ms; ${availableParallelism()} cores)`,
    ['', 'p50', 'p95', 'x baseline'],
    [
      [
        `baseline: ${CLIENTS} bcrypt compares (cost 10) queued on ${availableParallelism()} workers`,
        '',
        hashCost.toFixed(0),
        '1.00',
      ],
      [
        'sign-in (POST /auth/v1/token, password)',
        median(signIns).toFixed(0),
        signInP95.toFixed(0),
        ratio(signInP95, hashCost),
      ],
      ...selectRows(onPglite, 'PGlite'),
      ...(onPostgres ? selectRows(onPostgres, 'PostgreSQL') : []),
    ],
  )
  recordChart('backend', {
    title: `The auth backend at ${CLIENTS} concurrent clients (p95)`,
    unit: 'ms',
    valueName: 'sign-in (POST /auth/v1/token)',
    baselineName: `${CLIENTS} bcrypt compares queued`,
    lowerIsBetter: true,
    bars: [{ label: 'sign-in, password grant', value: signInP95, baseline: hashCost }],
    goal: SIGN_IN_P95_BUDGET * hashCost,
  })
  recordChart('backend', {
    title: `One users row by id under RLS over HTTP, at ${CLIENTS} concurrent clients (p95)`,
    unit: 'ms',
    valueName: 'select (PostgREST)',
    baselineName: 'bare HTTP round trip',
    lowerIsBetter: true,
    bars: [['PGlite', onPglite] as const, ...(onPostgres ? [['PostgreSQL', onPostgres] as const] : [])].map(
      ([on, run]) => ({
        label: on,
        value: percentile(run.selects, 95),
        baseline: percentile(run.trips, 95),
      }),
    ),
    goal: SELECT_P95_BUDGET_MS,
  })
  const signInMet = signInP95 <= SIGN_IN_P95_BUDGET * hashCost
  console.log(
    `goal sign-in p95 <= ${SIGN_IN_P95_BUDGET}x the queued hashes: ${signInMet ? 'met' : 'MISSED'} (${ratio(signInP95, hashCost)}x)`,
  )
  // The goal is the PostgreSQL server's (issue: PGlite's one connection cannot meet it); PGlite's
  // figure is judged only when no server was given.
  const judged = onPostgres ?? onPglite
  const selectP95 = percentile(judged.selects, 95)
  const selectMet = selectP95 < SELECT_P95_BUDGET_MS
  console.log(
    `goal select p95 < ${SELECT_P95_BUDGET_MS} ms on ${onPostgres ? 'PostgreSQL' : 'PGlite (no BENCH_DATABASE_URL or TEST_DATABASE_URL)'}: ${selectMet ? 'met' : 'MISSED'} (${selectP95.toFixed(2)} ms)`,
  )
  return signInMet && selectMet
}

const p50p95 = (values: number[]) => [median(values).toFixed(2), percentile(values, 95).toFixed(2)]

async function signIn(url: string, anonKey: string, customer: Customer) {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  })
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as { access_token: string; user: { id: string } }
}

/**
 * The select and a bare round trip, each by 20 clients at once, against `npm run backend` on the same
 * data directory: on PGlite there (`databaseUrl` null), or on that PostgreSQL database (DATABASE_URL),
 * beside the same transaction run in this process through the backend's Database.
 */
async function benchSelect(
  dataDir: string,
  anonKey: string,
  customer: Customer,
  databaseUrl: string | null,
): Promise<SelectRun> {
  const child = spawn(TSX, ['server/cli.ts', '--port', '0'], {
    cwd: MARKETPLACE,
    env: { ...process.env, MARKETPLACE_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /API URL: +(http:\/\/[^\s/]+)/.exec(output)
        if (match?.[1] && output.includes('Ready in')) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`npm run backend exited with ${code}: ${output}`)))
    })
    const session = await signIn(url, anonKey, customer)
    const rowUrl = `${url}/rest/v1/users?select=name,role&id=eq.${session.user.id}`
    const rowHeaders = {
      apikey: anonKey,
      authorization: `Bearer ${session.access_token}`,
      accept: 'application/vnd.pgrst.object+json',
    }
    const readRow = async () => {
      const response = await fetch(rowUrl, { headers: rowHeaders })
      if (response.status !== 200)
        throw new Error(`select answered ${response.status}: ${await response.text()}`)
      await response.json()
    }
    const roundTrip = async () => {
      const response = await fetch(`${url}/rest/v1/users`, { method: 'OPTIONS' })
      await response.arrayBuffer()
    }
    await concurrently(CLIENTS, 10, readRow)
    const selects = await concurrently(CLIENTS, 50, readRow)
    const trips = await concurrently(CLIENTS, 50, roundTrip)
    const direct = databaseUrl ? await directSelects(dataDir, databaseUrl, session.user.id) : null
    return { selects, trips, direct }
  } finally {
    child.kill('SIGINT')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

/** The select's transaction (role, claims, the row) by 20 callers at once through a pool, without HTTP. */
async function directSelects(dataDir: string, databaseUrl: string, userId: string): Promise<number[]> {
  const db = await Database.open(dataDir, { databaseUrl })
  try {
    const claims = { role: 'authenticated' as const, sub: userId, aud: 'authenticated' }
    const read = () =>
      db.asRequest(claims, (tx) => tx.query('select name, role from public.users where id = $1', [userId]))
    await concurrently(CLIENTS, 10, read)
    return await concurrently(CLIENTS, 50, read)
  } finally {
    await db.close()
  }
}

/** Latencies of `rounds` sequential calls by each of `clients` clients running at once. */
async function concurrently(
  clients: number,
  rounds: number,
  call: () => Promise<unknown>,
): Promise<number[]> {
  const latencies: number[] = []
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let round = 0; round < rounds; round++) {
        const started = performance.now()
        await call()
        latencies.push(performance.now() - started)
      }
    }),
  )
  return latencies
}

/**
 * bcrypt's own cost on this machine: the time until `count` compares (cost 10), queued at once on one
 * worker thread per core, have all finished (median of three runs).
 */
async function queuedHashes(count: number): Promise<number> {
  const hash = bcrypt.hashSync('correct horse battery staple', 10)
  const source = `
    const { parentPort } = require('node:worker_threads')
    const bcrypt = require(${JSON.stringify(createRequire(import.meta.url).resolve('bcryptjs'))})
    parentPort.on('message', ({ id, password, hash }) => parentPort.postMessage({ id, ok: bcrypt.compareSync(password, hash) }))`
  const workers = Array.from({ length: availableParallelism() }, () => new Worker(source, { eval: true }))
  try {
    const runs: number[] = []
    for (let run = 0; run < 3; run++) {
      const started = performance.now()
      await Promise.all(
        Array.from({ length: count }, (_, id) => {
          const worker = workers[id % workers.length] as Worker
          return new Promise<void>((resolve) => {
            const onMessage = (message: { id: number }) => {
              if (message.id !== id) return
              worker.off('message', onMessage)
              resolve()
            }
            worker.on('message', onMessage)
            worker.postMessage({ id, password: 'correct horse battery staple', hash })
          })
        }),
      )
      runs.push(performance.now() - started)
    }
    return median(runs)
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()))
  }
}
