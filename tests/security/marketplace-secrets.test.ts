import { createHash, createHmac, randomBytes } from 'node:crypto'
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadBackendConfig } from '../../examples/marketplace/server/config.ts'
import { type RunningBackend, startBackend } from '../../examples/marketplace/server/index.ts'
import { plantCanary, snapshotTree, treeChanges } from './fs-guard.ts'
import {
  type AttackerServer,
  copyMarketplace,
  corsHeadersOf,
  type Running,
  rawRequest,
  secretsFilesUnder,
  startAttacker,
  startDev,
  startEdit,
  startPreview,
  type TempDir,
  tempDir,
  withEnv,
} from './marketplace-servers.ts'

/**
 * Issue 26, items 5 and 6, as they were done: over HTTP, against the marketplace's real servers.
 *
 * 5. The backend's secrets (`backend.json`: the JWT secret, the admin sign-up code, the demo
 *    passwords) lived in the app's folder, which every dev server serves: `GET /.data/backend.json`
 *    gave them to any local client, and Vite's default CORS let a page on another loopback port read
 *    them, sign a service_role token and read every user.
 * 6. `/inbox` answered any origin (CORS `*`; the standalone backend took any Host), and `/recover`
 *    took a `redirect_to` on any loopback port: recovery for the admin with the attacker's PKCE
 *    challenge, the mail read from the inbox, the code exchanged, an admin session.
 */

const KINDS = { dev: startDev, edit: startEdit, preview: startPreview } as const

/** Ways to ask for the data folder of an app at `root`: encodings, case, dot segments, /@fs/. */
function dataFolderPaths(root: string): string[] {
  const fs = `/@fs${root.split(path.sep).join('/')}`
  return [
    '/.data/backend.json',
    '/.data/backend.json?raw',
    '/.data/backend.json?import',
    '/.data/backend.json?url',
    '/.data/backend.json?inline',
    '/%2edata/backend.json',
    '/%2Edata/backend.json',
    '/%252edata/backend.json',
    '/.DATA/backend.json',
    '/.Data/backend.json',
    '/.data%2fbackend.json',
    '/.data%2Fbackend.json',
    '/./.data/backend.json',
    '/src/../.data/backend.json',
    '/src/%2e%2e/.data/backend.json',
    '//.data/backend.json',
    '/.data\\backend.json',
    '/.data/',
    '/.data',
    '/.data/pgdata/PG_VERSION',
    `${fs}/.data/backend.json`,
    `${fs}/.DATA/backend.json`,
    `${fs}/%2edata/backend.json`,
    `${fs}/.data/pgdata/PG_VERSION`,
  ]
}

/** The same for a data directory anywhere on disk (the user's state folder): through /@fs/. */
const dataDirPaths = (dir: string) => {
  const fs = `/@fs${dir.split(path.sep).join('/')}`
  return [`${fs}/backend.json`, `${fs}/backend.json?raw`, `${fs}/pgdata/PG_VERSION`]
}

/**
 * What an attacker does with the JWT secret, to show what a leak is worth: the service_role key
 * (the backend's is a fixed token signed with it: its claims and dates are in config.ts), and every
 * row of `users`. Returns the rows read (none when the secret is wrong or never leaked).
 */
async function readUsersWith(app: string, jwtSecret: string): Promise<unknown[]> {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const claims = { role: 'service_role', iss: 'supabase', iat: 1_735_689_600, exp: 2_051_222_400 }
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  const key = `${unsigned}.${createHmac('sha256', jwtSecret).update(unsigned).digest('base64url')}`
  const response = await fetch(`${app}/rest/v1/users?select=*`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  })
  return response.ok ? ((await response.json()) as unknown[]) : []
}

/** Asks for every path; returns those answered with anything but 403/404, or that carry the secret. */
async function servedOf(app: string, paths: string[], secret: string) {
  const served: { path: string; status: number; leaked: boolean }[] = []
  for (const asked of paths) {
    const answer = await rawRequest(app, asked, { headers: { origin: 'http://127.0.0.1:1' } })
    const leaked = answer.body.includes(secret)
    if (![403, 404].includes(answer.status) || leaked)
      served.push({ path: asked, status: answer.status, leaked })
  }
  return served
}

for (const [kind, start] of Object.entries(KINDS)) {
  describe(`the secrets are not served: ${kind}`, () => {
    let copy: TempDir
    let state: TempDir
    let server: Running | undefined
    let before: Map<string, string>

    beforeAll(async () => {
      copy = copyMarketplace()
      state = tempDir('state')
      before = snapshotTree(copy.dir)
      // The default location, in this test's own state folder (XDG_STATE_HOME) instead of the user's.
      server = await withEnv(
        { MARKETPLACE_DATA_DIR: undefined, XDG_STATE_HOME: state.dir, MARKETPLACE_BACKEND: 'lazy' },
        () => start(copy.dir),
      )
    }, 120_000)
    afterAll(async () => {
      await server?.close()
      await copy.remove()
      await state.remove()
    })

    test('the data directory is outside the app, private to the user, and its secrets are not served in any spelling', async () => {
      const app = server?.url as string
      const files = secretsFilesUnder(copy.dir, state.dir)
      expect(files).toHaveLength(1)
      const [{ file, jwtSecret }] = files as [{ file: string; jwtSecret: string }]
      const dataDir = path.dirname(file)
      expect(path.relative(copy.dir, dataDir).startsWith('..')).toBe(true)
      // Readable by this user only: the folder 700, the secrets 600.
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const served = await servedOf(app, [...dataFolderPaths(copy.dir), ...dataDirPaths(dataDir)], jwtSecret)
      expect.soft(served).toEqual([])
      // And had it leaked: the service role over every user. Nothing, since it did not.
      const leaked = served.some((answer) => answer.leaked)
      expect(leaked ? await readUsersWith(app, jwtSecret) : []).toEqual([])
      // Nothing of the secrets was written into the app's folder.
      expect(treeChanges(copy.dir, before).filter((name) => name.startsWith('.data/'))).toEqual([])
    }, 60_000)
  })

  describe(`a data folder left in the app by an earlier version is denied: ${kind}`, () => {
    let copy: TempDir
    let data: TempDir
    let server: Running | undefined
    const secret = `LEFTOVER-${randomBytes(24).toString('hex')}`

    beforeAll(async () => {
      copy = copyMarketplace()
      data = tempDir('data')
      // An old checkout's data folder, still there (MARKETPLACE_DATA_DIR points elsewhere, so it is not moved).
      mkdirSync(path.join(copy.dir, '.data', 'pgdata'), { recursive: true })
      const leftover = {
        jwtSecret: secret,
        adminSignupCode: secret,
        demoPasswords: { admin: secret, customer: secret },
      }
      writeFileSync(path.join(copy.dir, '.data', 'backend.json'), JSON.stringify(leftover))
      writeFileSync(path.join(copy.dir, '.data', 'pgdata', 'PG_VERSION'), `${secret}\n`)
      server = await withEnv({ MARKETPLACE_DATA_DIR: data.dir, MARKETPLACE_BACKEND: 'lazy' }, () =>
        start(copy.dir),
      )
    }, 120_000)
    afterAll(async () => {
      await server?.close()
      await copy.remove()
      await data.remove()
    })

    test('GET /.data/... answers 403 or 404, whatever the spelling, and never the secret', async () => {
      expect(await servedOf(server?.url as string, dataFolderPaths(copy.dir), secret)).toEqual([])
    }, 60_000)
  })
}

describe('a data directory inside the app is refused', () => {
  let copy: TempDir
  beforeAll(() => {
    copy = copyMarketplace()
  })
  afterAll(() => copy.remove())

  test('MARKETPLACE_DATA_DIR under the app folder stops the server with what to do, and writes nothing', async () => {
    const before = snapshotTree(copy.dir)
    const starting = withEnv(
      { MARKETPLACE_DATA_DIR: path.join(copy.dir, 'private'), MARKETPLACE_BACKEND: 'lazy' },
      () => startDev(copy.dir),
    )
    const outcome = await starting.then(
      async (server) => {
        await server.close()
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(outcome).toContain('DATA_DIR_SERVED')
    expect(outcome).toContain('MARKETPLACE_DATA_DIR')
    expect(treeChanges(copy.dir, before)).toEqual([])
  }, 60_000)
})

const verifier = randomBytes(32).toString('base64url')
const challenge = createHash('sha256').update(verifier).digest('base64url')

/** The newest mail link to `email` in the inbox, read as the machine's own user (loopback, the app's Host). */
async function inboxLinkTo(app: string, email: string): Promise<URL> {
  const page = await (await fetch(`${app}/inbox`)).text()
  const item = page.split('<li>').find((part) => part.includes(email))
  const href = item?.match(/href="([^"]+)"/)?.[1]
  if (!href) throw new Error(`no mail to ${email} in the inbox`)
  return new URL(href.replaceAll('&amp;', '&'))
}

describe('the admin recovery chain fails at every step: dev server', () => {
  let copy: TempDir
  let data: TempDir
  let server: Running | undefined
  let attacker: AttackerServer
  let anonKey = ''
  let admin = ''
  let before: Map<string, string>

  beforeAll(async () => {
    copy = copyMarketplace()
    data = tempDir('data')
    attacker = await startAttacker()
    server = await withEnv({ MARKETPLACE_DATA_DIR: data.dir, MARKETPLACE_BACKEND: '' }, () =>
      startDev(copy.dir),
    )
    const config = await loadBackendConfig(data.dir, {})
    anonKey = config.anonKey
    admin = config.demoAccounts.find((account) => account.role === 'admin')?.email as string
    before = snapshotTree(copy.dir)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await attacker.close()
    await copy.remove()
    await data.remove()
  })

  test("1. recovery for the admin with the attacker's redirect_to: the mailed link comes back to the app, not to the attacker", async () => {
    const app = server?.url as string
    const response = await fetch(
      `${app}/auth/v1/recover?redirect_to=${encodeURIComponent(`${attacker.url}/steal`)}`,
      {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json', origin: attacker.url },
        body: JSON.stringify({ email: admin, code_challenge: challenge, code_challenge_method: 's256' }),
      },
    )
    // GoTrue's answer whatever the address: nothing told.
    expect(response.status).toBe(200)
    const link = await inboxLinkTo(app, admin)
    const redirectTo = new URL(link.searchParams.get('redirect_to') as string)
    expect(redirectTo.origin).toBe(app)
  }, 60_000)

  test("1b. a request-target naming another host (//attacker/auth/v1/recover) does not move the backend's origin there", async () => {
    const app = server?.url as string
    const attackerHost = new URL(attacker.url).host
    const answer = await rawRequest(
      app,
      `//${attackerHost}/auth/v1/recover?redirect_to=${encodeURIComponent(`${attacker.url}/steal`)}`,
      {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin, code_challenge: challenge, code_challenge_method: 's256' }),
      },
    )
    // Not the backend's path at all (the app's server answers it), or a mail whose link is the app's.
    const link = await inboxLinkTo(app, admin)
    expect(link.origin).toBe(app)
    expect(new URL(link.searchParams.get('redirect_to') as string).origin).toBe(app)
    expect(answer.body).not.toContain(attacker.url)
  }, 60_000)

  test('2. the inbox cannot be read from another origin: no CORS at all, and a DNS-rebinding Host is refused', async () => {
    const app = server?.url as string
    const read = await fetch(`${app}/inbox`, { headers: { origin: attacker.url } })
    expect(read.status).toBe(200)
    expect(corsHeadersOf(read.headers)).toEqual([])
    const preflight = await rawRequest(app, '/inbox', {
      method: 'OPTIONS',
      headers: { origin: attacker.url, 'access-control-request-method': 'GET' },
    })
    expect(corsHeadersOf(preflight.headers)).toEqual([])
    const port = new URL(app).port
    const rebound = await rawRequest(app, '/inbox', { headers: { host: `rebind.attacker.test:${port}` } })
    expect(rebound.status).toBeOneOf([403, 421])
    expect(rebound.body).not.toContain(admin)
  }, 60_000)

  test('3. the code never reaches the attacker, so there is nothing to exchange for an admin session', async () => {
    const app = server?.url as string
    const link = await inboxLinkTo(app, admin)
    const opened = await fetch(link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = new URL(opened.headers.get('location') as string)
    expect(location.origin).toBe(app)
    // Had it come to the attacker: its verifier matches the flow, and the exchange gives a session.
    let session: { user?: { email?: string } } = {}
    if (location.origin === attacker.url) {
      await fetch(location)
      const exchange = await fetch(`${app}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: location.searchParams.get('code'), code_verifier: verifier }),
      })
      session = (await exchange.json()) as typeof session
    }
    expect(session.user?.email).toBeUndefined()
    expect(attacker.requests.filter((url) => url.includes('code='))).toEqual([])
    expect(treeChanges(copy.dir, before)).toEqual([])
  }, 60_000)
})

describe('the standalone backend', () => {
  let data: TempDir
  let backend: RunningBackend
  let attacker: AttackerServer
  const canary = plantCanary()

  beforeAll(async () => {
    data = tempDir('standalone')
    attacker = await startAttacker()
    backend = await startBackend({ port: 0, host: '127.0.0.1', dataDir: data.dir, env: {} })
  }, 60_000)
  afterAll(async () => {
    await backend?.close()
    await attacker.close()
    await data.remove()
    canary.remove()
  })

  const admin = () => backend.config.demoAccounts.find((account) => account.role === 'admin')?.email as string

  test('a DNS-rebinding Host is refused on every route with a reason, and the refused request writes nothing', async () => {
    const port = new URL(backend.url).port
    const host = `rebind.attacker.test:${port}`
    const count = async () => (await (await fetch(`${backend.url}/inbox`)).text()).split('<li>').length
    const mails = await count()
    const answers = [
      await rawRequest(backend.url, '/inbox', { headers: { host } }),
      await rawRequest(backend.url, '/auth/v1/settings', {
        headers: { host, apikey: backend.config.anonKey },
      }),
      await rawRequest(backend.url, '/auth/v1/recover', {
        method: 'POST',
        headers: { host, apikey: backend.config.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin() }),
      }),
      await rawRequest(backend.url, '/elsewhere', { headers: { host } }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBeOneOf([403, 421])
      expect(answer.body).toMatch(/host/i)
      expect(answer.body).not.toContain(admin())
      expect(canary.leakedIn(answer.body)).toBe(false)
    }
    expect(await count()).toBe(mails)
    // Loopback names are this machine's, whatever the port.
    const local = await rawRequest(backend.url, '/auth/v1/settings', {
      headers: { host: `localhost:${port}`, apikey: backend.config.anonKey },
    })
    expect(local.status).toBe(200)
  })

  test('the inbox has no CORS, for the preflight either', async () => {
    const read = await fetch(`${backend.url}/inbox`, { headers: { origin: attacker.url } })
    expect(read.status).toBe(200)
    expect(corsHeadersOf(read.headers)).toEqual([])
    const preflight = await rawRequest(backend.url, '/inbox', {
      method: 'OPTIONS',
      headers: { origin: attacker.url, 'access-control-request-method': 'GET' },
    })
    expect(corsHeadersOf(preflight.headers)).toEqual([])
    // The API keeps Supabase's CORS: an app on another origin calls it.
    const api = await fetch(`${backend.url}/auth/v1/settings`, {
      headers: { origin: attacker.url, apikey: backend.config.anonKey },
    })
    expect(api.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('a request-target naming another host does not move the mailed links there', async () => {
    const attackerHost = new URL(attacker.url).host
    await rawRequest(backend.url, `//${attackerHost}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: backend.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin() }),
    })
    const mails = await (await fetch(`${backend.url}/inbox`)).text()
    expect(mails).not.toContain(attackerHost)
  })

  test("recovery with a redirect_to on another loopback port mails a link back to the site URL, not the attacker's", async () => {
    await fetch(`${backend.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${attacker.url}/steal`)}`, {
      method: 'POST',
      headers: { apikey: backend.config.anonKey, 'content-type': 'application/json', origin: attacker.url },
      body: JSON.stringify({ email: admin(), code_challenge: challenge, code_challenge_method: 's256' }),
    })
    const link = await inboxLinkTo(backend.url, admin())
    expect(new URL(link.searchParams.get('redirect_to') as string).origin).toBe(backend.url)
    const opened = await fetch(link, { redirect: 'manual' })
    expect(new URL(opened.headers.get('location') as string).origin).toBe(backend.url)
    expect(attacker.requests).toEqual([])
  })
})
