import {
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import type { VisualEditOptions } from '../../../packages/vite-plugin-visual-edit/src/index.ts'
import {
  MAX_BODY_BYTES,
  type MutateErrorCode,
  PROJECT_PATH,
  TOKEN_HEADER,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import type { MutationServices } from '../../../packages/vite-plugin-visual-edit/src/server/edit/mutation.ts'
import {
  type FileSystem,
  nodeFileSystem,
} from '../../../packages/vite-plugin-visual-edit/src/server/edit/source-file.ts'
import { type MutateTestServer, type RawResponse, startMutateServer } from '../../helpers/mutate-server.ts'
import { fileEntry, treeOf } from '../../helpers/project-tree.ts'

const FIXTURE_APP = path.join(import.meta.dirname, '..', '..', 'fixtures', 'mutate-app', 'src', 'App.tsx')
const APP_SOURCE = readFileSync(FIXTURE_APP, 'utf8')
/** What "another editor" saves while the server is busy. */
const EXTERNAL = `${APP_SOURCE}// saved in another editor\n`
const APP = 'src/App.tsx'

// ---------------------------------------------------------------------------------------------------
// Requests

type Headers = Record<string, string | null>
type Send = (app: MutateTestServer) => Promise<RawResponse>
type Of<T> = T | ((app: MutateTestServer) => T)

const resolve = <T>(value: Of<T>, app: MutateTestServer): T =>
  typeof value === 'function' ? (value as (app: MutateTestServer) => T)(app) : value
const portOf = (app: MutateTestServer) => Number(new URL(app.apiUrl).port)

function idOf(app: MutateTestServer, tagName: string, file = APP): string {
  const [id] = app.idsOf(file, tagName)
  if (!id) throw new Error(`no <${tagName}> in ${file}`)
  return id
}

/** `null` removes a default header. */
function withHeaders(defaults: Headers, overrides: Headers): Record<string, string> {
  const merged: Headers = { ...defaults, ...overrides }
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null),
  )
}

const routePath = (route: string) =>
  route.startsWith('/') ? route : `/canvases/gate-canvas/parseAndMutate/${route}`

/** A mutate call as the editor sends it (JSON, own Origin, token), with `headers` changed. */
function call(method: string, route: string, body: Of<unknown> = {}, headers: Of<Headers> = {}): Send {
  return (app) => {
    const value = resolve(body, app)
    return app.raw({
      method,
      path: routePath(route),
      headers: withHeaders(
        { 'content-type': 'application/json', origin: app.apiUrl, [TOKEN_HEADER]: app.token },
        resolve(headers, app),
      ),
      body: typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value),
    })
  }
}
const post = (route: string, body: Of<unknown> = {}, headers: Of<Headers> = {}) =>
  call('POST', route, body, headers)

/** The endpoint that once handed the token to any same-origin page: it must not exist any more. */
const OLD_SESSION_PATH = '/__visual-edit/session'

/** A request to it with exactly `headers` (plus Host), as a browser tab or a local process would send. */
const session =
  (method: string, headers: Of<Headers> = {}): Send =>
  (app) =>
    app.raw({ method, path: OLD_SESSION_PATH, headers: withHeaders({}, resolve(headers, app)) })

const project =
  (headers: Of<Headers> = {}): Send =>
  (app) =>
    app.post(PROJECT_PATH, {}, { 'sec-fetch-site': 'same-origin', ...resolve(headers, app) })

const editText =
  (fields: Record<string, unknown> = {}) =>
  (app: MutateTestServer) => ({
    element: { codebaseId: idOf(app, 'h1') },
    oldText: 'Welcome back',
    newText: 'Hello',
    ...fields,
  })
/** An edit that passes every check and changes nothing: proves a gate let the request through. */
const noOpEdit = editText({ newText: 'Welcome back' })
const withId = (codebaseId: string) => editText({ element: { codebaseId } })
const setProp = (propName: string, propValue: unknown) => (app: MutateTestServer) => ({
  elementToModify: { codebaseId: idOf(app, 'Card') },
  propName,
  propValue,
})
const setTag = (newTag: string) => (app: MutateTestServer) => ({
  elementToModify: { codebaseId: idOf(app, 'h1') },
  newTag,
})
/** A prop of the fixture's `<img>` (a host element with a URL prop and no children). */
const setImgProp = (propName: string, propValue: unknown) => (app: MutateTestServer) => ({
  elementToModify: { codebaseId: idOf(app, 'img') },
  propName,
  propValue,
})
const addNative =
  (nativeTag: string, propsToSet: Record<string, unknown> = {}) =>
  (app: MutateTestServer) => ({
    destinationElement: { codebaseId: idOf(app, 'main') },
    newElement: { nativeTag, propsToSet },
  })
const SCRIPT_TAG = 'loads or runs code'
const SCRIPT_URL = 'runs code'

/**
 * POST with a `Content-Length` over the limit and no body at all: the answer must come while the body
 * is still unsent, or the server read (or waited for) it first.
 */
const headersOnly: Send = (app) =>
  new Promise((resolveResponse, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port: portOf(app),
      method: 'POST',
      path: routePath('mutate/editText'),
      headers: {
        host: `127.0.0.1:${portOf(app)}`,
        'content-type': 'application/json',
        origin: app.apiUrl,
        [TOKEN_HEADER]: app.token,
        'content-length': String(MAX_BODY_BYTES + 1),
      },
    })
    const timer = setTimeout(() => {
      request.destroy()
      reject(new Error('no answer within 5 s while the body was unsent: the server waits for the body'))
    }, 5000)
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        clearTimeout(timer)
        request.destroy()
        const text = Buffer.concat(chunks).toString('utf8')
        resolveResponse({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text,
          json: () => JSON.parse(text),
        })
      })
    })
    request.flushHeaders()
  })

/** A chunked POST (no Content-Length) that keeps sending 64 KiB chunks, up to 1 MiB, until answered. */
const chunkedOversize: Send = (app) =>
  new Promise((resolveResponse, reject) => {
    let answered = false
    const request = httpRequest({
      host: '127.0.0.1',
      port: portOf(app),
      method: 'POST',
      path: routePath('mutate/editText'),
      headers: {
        host: `127.0.0.1:${portOf(app)}`,
        'content-type': 'application/json',
        origin: app.apiUrl,
        [TOKEN_HEADER]: app.token,
        'transfer-encoding': 'chunked',
      },
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    request.on('response', (response) => {
      answered = true
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        request.destroy()
        const text = Buffer.concat(chunks).toString('utf8')
        resolveResponse({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text,
          json: () => JSON.parse(text),
        })
      })
    })
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    const next = () => {
      if (answered || request.destroyed) return
      if (sent >= 16) {
        request.end()
        return
      }
      sent += 1
      request.write(chunk, () => setTimeout(next, 2))
    }
    next()
  })

// ---------------------------------------------------------------------------------------------------
// Setups and faults

type Setup = (app: MutateTestServer) => Promise<void> | void
type Faults = (app: MutateTestServer) => Partial<FileSystem>

const errno = (code: string) => Object.assign(new Error(`${code}: injected fault`), { code })

function servicesOf(app: MutateTestServer): MutationServices {
  const services = app.context.services
  if (!services) throw new Error('the mutate server has no services')
  return services
}

const writeApp =
  (content: string | Buffer): Setup =>
  (app) =>
    writeFileSync(app.file(APP), content)

/** Replaces App.tsx with a symlink to an identical copy, so only the link itself is wrong. */
const symlinkApp: Setup = (app) => {
  renameSync(app.file(APP), app.file('src/App.real.tsx'))
  symlinkSync('App.real.tsx', app.file(APP))
}
const hardLinkApp: Setup = (app) => linkSync(app.file(APP), app.file('src/App.link.tsx'))
const deleteApp: Setup = (app) => unlinkSync(app.file(APP))
const directoryForApp: Setup = (app) => {
  unlinkSync(app.file(APP))
  mkdirSync(app.file(APP))
}

/** A second tagged file, whose element's text is "Made with care". */
const addFooter: Setup = async (app) => {
  writeFileSync(
    app.file('src/Footer.tsx'),
    'export function Footer() {\n  return <footer><small>Made with care</small></footer>\n}\n',
  )
  await app.load('src/Footer.tsx')
}

/** A Latin-1 file (é as the single byte 0xE9), tagged the way Vite reads it. */
const addLatin1: Setup = async (app) => {
  writeFileSync(
    app.file('src/Latin.tsx'),
    Buffer.from('export const Latin = () => <p>Caf\u00e9</p>\n', 'latin1'),
  )
  await app.load('src/Latin.tsx')
}
const editLatin1 = (app: MutateTestServer) => ({
  element: { codebaseId: idOf(app, 'p', 'src/Latin.tsx') },
  oldText: 'Caf\ufffd',
  newText: 'Cafe',
})

/** Moves the h1's index entry one character off, with the file's hash still current. */
const shiftH1InIndex: Setup = (app) => {
  const file = app.file(APP)
  const elements = app.context.index
    .elementsOf(file)
    .map((element) => (element.tagName === 'h1' ? { ...element, start: element.start + 1 } : element))
  app.context.index.setFile(file, elements, readFileSync(file, 'utf8'))
}

async function expectOk(response: RawResponse): Promise<void> {
  if (response.status !== 200) throw new Error(`setup request failed: ${response.status} ${response.body}`)
}
const editedOnce: Setup = async (app) => expectOk(await post('mutate/editText', editText())(app))
const editedThenChangedOutside: Setup = async (app) => {
  await editedOnce(app)
  writeFileSync(app.file(APP), EXTERNAL)
}
const editedUndoneThenChangedOutside: Setup = async (app) => {
  await editedOnce(app)
  await expectOk(await post('activities/undoChangeToFiles')(app))
  writeFileSync(app.file(APP), EXTERNAL)
}

const failWrite =
  (code: string): Faults =>
  () => ({
    writeFile: async () => {
      throw errno(code)
    },
  })
/** Leaves half of the temp file on disk, as a full disk does, then fails. */
const failWriteHalfway =
  (code: string): Faults =>
  () => ({
    writeFile: async (file, data, options) => {
      await nodeFileSystem.writeFile(file, data.subarray(0, data.length >> 1), options)
      throw errno(code)
    },
  })
const failRename =
  (code: string): Faults =>
  () => ({
    rename: async () => {
      throw errno(code)
    },
  })
/** Another editor saves App.tsx right after the server wrote its temp file. */
const externalEditAfterTempWrite: Faults = (app) => ({
  writeFile: async (file, data, options) => {
    await nodeFileSystem.writeFile(file, data, options)
    writeFileSync(app.file(APP), EXTERNAL)
  },
})

// ---------------------------------------------------------------------------------------------------
// The matrix

interface Case {
  name: string
  send: Send
  status: number
  /** The error code; 'ok' for `{ ok: true, files: [] }`, 'token' for the session's `{ token }`. */
  code: MutateErrorCode | 'ok' | 'project'
  /** Part of the message that must appear (the spec's fixed texts). */
  message?: string
  /** Expected `Allow` header. */
  allow?: string
  /** The response must carry no Access-Control-Allow-* header. */
  noCors?: boolean
  options?: VisualEditOptions
  setup?: Setup
  faults?: Faults
  /** Files an external edit during the request changed: relative path -> their content afterwards. */
  changed?: Record<string, string>
}

const UNKNOWN_UUID = 'tempo-00000000-0000-4000-8000-000000000000'
const UNKNOWN_TYPE = 'Unknown change type'
const INVALID_CHARS = 'Codebase ID contains invalid chars'
const PORT_LOOKALIKE = (app: MutateTestServer) => ({ origin: `http://127.0.0.1:${portOf(app)}.evil.example` })
const OTHER_PORT = (app: MutateTestServer) => ({ origin: `http://127.0.0.1:${portOf(app) + 1}` })
const EDITOR_TEST = (app: MutateTestServer) => ({
  host: `editor.test:${portOf(app)}`,
  origin: `http://editor.test:${portOf(app)}`,
})
const REBOUND = (app: MutateTestServer) => ({ host: `evil.example:${portOf(app)}` })

// biome-ignore format: one row per line reads as a table
const cases: Case[] = [
  // token
  { name: 'token missing', send: post('mutate/editText', editText(), { [TOKEN_HEADER]: null }), status: 403, code: 'FORBIDDEN_TOKEN' },
  { name: 'token wrong', send: post('mutate/editText', editText(), { [TOKEN_HEADER]: 'test-token-9876543210' }), status: 403, code: 'FORBIDDEN_TOKEN' },
  { name: 'token short (a prefix of the real one)', send: post('mutate/editText', editText(), { [TOKEN_HEADER]: 'test-token' }), status: 403, code: 'FORBIDDEN_TOKEN' },
  { name: 'token empty', send: post('mutate/editText', editText(), { [TOKEN_HEADER]: '' }), status: 403, code: 'FORBIDDEN_TOKEN' },
  { name: 'token in another case', send: post('mutate/editText', editText(), { [TOKEN_HEADER]: 'TEST-TOKEN-0123456789' }), status: 403, code: 'FORBIDDEN_TOKEN' },
  // Origin
  { name: 'Origin foreign', send: post('mutate/editText', editText(), { origin: 'https://evil.example' }), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'Origin null (sandboxed frame, file: page)', send: post('mutate/editText', editText(), { origin: 'null' }), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'Origin look-alike http://127.0.0.1:PORT.evil.example', send: post('mutate/editText', editText(), PORT_LOOKALIKE), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'Origin on another loopback port', send: post('mutate/editText', editText(), OTHER_PORT), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'Origin with https on the same host and port', send: post('mutate/editText', editText(), (app) => ({ origin: app.apiUrl.replace('http:', 'https:') })), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'Origin allowed by visualEdit({ allowedOrigins }) written with a trailing slash passes the gate', options: { allowedOrigins: ['http://localhost:4000/'] }, send: post('mutate/editText', noOpEdit, { origin: 'http://localhost:4000' }), status: 200, code: 'ok' },
  { name: 'Origin localhost while Host is 127.0.0.1', send: post('mutate/editText', editText(), (app) => ({ origin: `http://localhost:${portOf(app)}` })), status: 403, code: 'FORBIDDEN_ORIGIN' },
  // Host
  { name: 'Host spoofed: evil.example', send: post('mutate/editText', editText(), { host: 'evil.example' }), status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'Host spoofed: localhost.evil.example', send: post('mutate/editText', editText(), { host: 'localhost.evil.example' }), status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'Host and Origin of a DNS-rebound page', send: post('mutate/editText', editText(), (app) => ({ ...REBOUND(app), origin: `http://evil.example:${portOf(app)}` })), status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'Host allowed by visualEdit({ allowedHosts }) passes the gate', options: { allowedHosts: ['editor.test'] }, send: post('mutate/editText', noOpEdit, EDITOR_TEST), status: 200, code: 'ok' },
  { name: 'Host look-alike of an allowed host', options: { allowedHosts: ['editor.test'] }, send: post('mutate/editText', editText(), { host: 'editor.test.evil.example' }), status: 403, code: 'FORBIDDEN_HOST' },
  // method
  { name: 'GET on a mutate route', send: call('GET', 'mutate/editText', ''), status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST' },
  { name: 'PUT on a mutate route', send: call('PUT', 'mutate/editText', editText()), status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST' },
  { name: 'DELETE on an activity route', send: call('DELETE', 'activities/undoChangeToFiles', ''), status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST' },
  // CORS: no cross-origin reads and no approved preflights, ever
  { name: 'own-origin POST is answered without CORS headers', send: post('mutate/editText', noOpEdit), status: 200, code: 'ok', noCors: true },
  { name: 'preflight from another loopback origin is not approved', send: call('OPTIONS', 'mutate/editText', '', { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': `content-type,${TOKEN_HEADER}` }), status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST', noCors: true },
  // route and content type
  { name: 'canvas id with a dot', send: post('/canvases/a.b/parseAndMutate/mutate/editText', editText()), status: 400, code: 'BAD_REQUEST' },
  { name: 'no such route kind', send: post('/canvases/c/parseAndMutate/delete/editText', editText()), status: 404, code: 'NOT_FOUND' },
  { name: 'Content-Type text/plain (a simple CORS request)', send: post('mutate/editText', editText(), { 'content-type': 'text/plain' }), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'Content-Type missing', send: post('mutate/editText', editText(), { 'content-type': null }), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'Content-Type application/jsonx', send: post('mutate/editText', editText(), { 'content-type': 'application/jsonx' }), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  // body
  { name: 'oversize Content-Length, refused before the body is sent', send: headersOnly, status: 413, code: 'PAYLOAD_TOO_LARGE' },
  { name: 'oversize chunked body', send: chunkedOversize, status: 413, code: 'PAYLOAD_TOO_LARGE' },
  { name: 'JSON nested 33 deep', send: post('mutate/editText', `${'['.repeat(33)}${']'.repeat(33)}`), status: 400, code: 'INVALID_JSON' },
  { name: 'JSON nested 100 000 deep (parser stack)', send: post('mutate/editText', `${'['.repeat(100_000)}${']'.repeat(100_000)}`), status: 400, code: 'INVALID_JSON' },
  { name: 'JSON nested 32 deep passes the depth check, then is not an object', send: post('mutate/editText', `${'['.repeat(32)}${']'.repeat(32)}`), status: 400, code: 'BAD_REQUEST' },
  { name: 'invalid JSON', send: post('mutate/editText', '{"element":'), status: 400, code: 'INVALID_JSON' },
  { name: 'body not UTF-8', send: post('mutate/editText', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), status: 400, code: 'INVALID_JSON' },
  { name: 'body a JSON array', send: post('mutate/editText', '[]'), status: 400, code: 'BAD_REQUEST' },
  { name: 'newText with a lone surrogate (cannot be written as UTF-8)', send: post('mutate/editText', editText({ newText: 'a\ud800b' })), status: 400, code: 'BAD_REQUEST' },
  // operation names
  { name: 'unknown operation', send: post('mutate/frobnicate', editText()), status: 400, code: 'UNKNOWN_CHANGE_TYPE', message: UNKNOWN_TYPE },
  { name: 'operation __proto__', send: post('mutate/__proto__', editText()), status: 400, code: 'UNKNOWN_CHANGE_TYPE', message: UNKNOWN_TYPE },
  { name: 'operation toString', send: post('mutate/toString', editText()), status: 400, code: 'UNKNOWN_CHANGE_TYPE', message: UNKNOWN_TYPE },
  { name: 'operation constructor', send: post('mutate/constructor', editText()), status: 400, code: 'UNKNOWN_CHANGE_TYPE', message: UNKNOWN_TYPE },
  { name: 'operation hasOwnProperty', send: post('mutate/hasOwnProperty', editText()), status: 400, code: 'UNKNOWN_CHANGE_TYPE', message: UNKNOWN_TYPE },
  { name: 'activity valueOf', send: post('activities/valueOf'), status: 400, code: 'UNKNOWN_CHANGE_TYPE', message: UNKNOWN_TYPE },
  // ids
  { name: 'unknown id', send: post('mutate/editText', withId(UNKNOWN_UUID)), status: 404, code: 'UNKNOWN_ELEMENT' },
  { name: 'stale id: the file was edited outside since the preview loaded it', setup: writeApp(`// a comment\n${APP_SOURCE}`), send: post('mutate/editText', editText()), status: 409, code: 'FILE_CHANGED' },
  { name: 'stale id: its index entry no longer matches the code', setup: shiftH1InIndex, send: post('mutate/editText', editText()), status: 409, code: 'STALE_ELEMENT' },
  { name: 'id of one file with the old text of an element of another', setup: addFooter, send: post('mutate/editText', editText({ oldText: 'Made with care' })), status: 409, code: 'TEXT_MISMATCH' },
  { name: 'id ../../etc/passwd', send: post('mutate/editText', withId('../../etc/passwd')), status: 400, code: 'BAD_REQUEST', message: INVALID_CHARS },
  { name: 'id tempo-../../src/App.tsx', send: post('mutate/editText', withId('tempo-../../src/App.tsx')), status: 400, code: 'BAD_REQUEST', message: INVALID_CHARS },
  { name: 'id with a NUL byte', send: post('mutate/editText', withId(`${UNKNOWN_UUID}\u0000`)), status: 400, code: 'BAD_REQUEST', message: INVALID_CHARS },
  { name: 'id tempo- without a UUID', send: post('mutate/editText', withId('tempo-123')), status: 400, code: 'BAD_REQUEST' },
  { name: 'id not a string', send: post('mutate/editText', editText({ element: { codebaseId: { $ne: null } } })), status: 400, code: 'BAD_REQUEST' },
  // values
  { name: 'prop onClick (code, not a value)', send: post('mutate/changePropValue', setProp('onClick', 'alert(1)')), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop dangerouslySetInnerHTML', send: post('mutate/changePropValue', setProp('dangerouslySetInnerHTML', '<img onerror=alert(1)>')), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop __proto__', send: post('mutate/changePropValue', setProp('__proto__', 'x')), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop value an object', send: post('mutate/changePropValue', setProp('title', { toString: 'x' })), status: 400, code: 'BAD_REQUEST' },
  // script sinks: a holder of the token must not be able to run code in the app's origin
  ...['script', 'iframe', 'object', 'embed', 'frame', 'base', 'meta', 'link', 'portal', 'set', 'animate'].map((tag): Case => ({ name: `tag <${tag}>`, send: post('mutate/changeElementTag', setTag(tag)), status: 422, code: 'INVALID_VALUE', message: SCRIPT_TAG })),
  { name: 'add an <iframe> with a srcDoc script', send: post('mutate/addJsxElement', addNative('iframe', { srcDoc: '<script>parent.fetch("/__visual-edit/session")</script>' })), status: 422, code: 'INVALID_VALUE' },
  { name: 'add a <div> with a srcdoc prop', send: post('mutate/addJsxElement', addNative('div', { srcdoc: '<script>1</script>' })), status: 422, code: 'INVALID_VALUE' },
  { name: 'add an <a> with a javascript: href', send: post('mutate/addJsxElement', addNative('a', { href: 'javascript:alert(1)' })), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop srcDoc', send: post('mutate/changePropValue', setProp('srcDoc', '<script>alert(1)</script>')), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop SRCDOC in another case', send: post('mutate/changePropValue', setProp('SRCDOC', '<script>alert(1)</script>')), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop href javascript:', send: post('mutate/changePropValue', setProp('href', 'javascript:alert(1)')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop href JavaScript: behind spaces and a tab', send: post('mutate/changePropValue', setProp('href', '  Java\tScript:alert(1)')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop href vbscript:', send: post('mutate/changePropValue', setProp('href', 'vbscript:msgbox(1)')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop src data:text/html', send: post('mutate/changePropValue', setImgProp('src', 'data:text/html,<script>alert(1)</script>')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop srcSet with a javascript: candidate', send: post('mutate/changePropValue', setImgProp('srcSet', 'a.png 1x, javascript:alert(1) 2x')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop formAction javascript:', send: post('mutate/changePropValue', setProp('formAction', 'javascript:alert(1)')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop action javascript:', send: post('mutate/changePropValue', setProp('action', 'javascript:alert(1)')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop xlinkHref javascript:', send: post('mutate/changePropValue', setProp('xlinkHref', 'javascript:alert(1)')), status: 422, code: 'INVALID_VALUE', message: SCRIPT_URL },
  { name: 'prop onclick in lower case', send: post('mutate/changePropValue', setProp('onclick', 'alert(1)')), status: 422, code: 'INVALID_VALUE' },
  // values React throws on (the page would go blank)
  { name: 'prop style a string', send: post('mutate/changePropValue', setImgProp('style', 'color: red')), status: 422, code: 'INVALID_VALUE', message: "style prop takes an object" },
  { name: 'prop style a number', send: post('mutate/changePropValue', setImgProp('style', 1)), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop style true', send: post('mutate/changePropValue', setImgProp('style', true)), status: 422, code: 'INVALID_VALUE' },
  { name: 'prop children on a void element', send: post('mutate/changePropValue', setImgProp('children', 'x')), status: 422, code: 'INVALID_VALUE' },
  // bodies and routes
  { name: 'updateClasses with a lone surrogate', send: post('mutate/updateClasses', (app: MutateTestServer) => ({ reactElement: { codebaseId: idOf(app, 'h1') }, oldClasses: ['text-3xl', 'font-bold'], newClasses: ['a\ud800'] })), status: 400, code: 'BAD_REQUEST' },
  { name: 'canvas id a bare %', send: post('/canvases/%/parseAndMutate/mutate/editText', editText()), status: 400, code: 'BAD_REQUEST' },
  { name: 'canvas id a cut UTF-8 escape', send: post('/canvases/%E0%A4%A/parseAndMutate/mutate/editText', editText()), status: 400, code: 'BAD_REQUEST' },
  { name: 'tag name carrying an attribute', send: post('mutate/changeElementTag', setTag('div onClick={alert}')), status: 422, code: 'INVALID_VALUE' },
  { name: 'tag of a component that is not in scope', send: post('mutate/changeElementTag', setTag('Evil')), status: 422, code: 'EDIT_IMPOSSIBLE' },
  // files
  { name: 'source file is a symlink', setup: symlinkApp, send: post('mutate/editText', editText()), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'source file has a second hard link', setup: hardLinkApp, send: post('mutate/editText', editText()), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'source file deleted', setup: deleteApp, send: post('mutate/editText', editText()), status: 409, code: 'FILE_CHANGED' },
  { name: 'a directory where the source file was', setup: directoryForApp, send: post('mutate/editText', editText()), status: 409, code: 'FILE_CHANGED' },
  { name: 'Latin-1 source file', setup: addLatin1, send: post('mutate/editText', editLatin1), status: 422, code: 'FILE_NOT_EDITABLE' },
  { name: 'syntax error saved after the preview loaded the file', setup: writeApp(APP_SOURCE.replace('</main>', '</mian>')), send: post('mutate/editText', editText()), status: 409, code: 'FILE_CHANGED' },
  // faults
  { name: 'read-only file: EACCES writing the temp file', faults: failWrite('EACCES'), send: post('mutate/editText', editText()), status: 500, code: 'WRITE_FAILED' },
  { name: 'read-only file: EACCES at rename', faults: failRename('EACCES'), send: post('mutate/editText', editText()), status: 500, code: 'WRITE_FAILED' },
  { name: 'disk full: ENOSPC halfway through the temp file', faults: failWriteHalfway('ENOSPC'), send: post('mutate/editText', editText()), status: 500, code: 'WRITE_FAILED' },
  { name: 'EIO at rename', faults: failRename('EIO'), send: post('mutate/editText', editText()), status: 500, code: 'WRITE_FAILED' },
  { name: 'EIO at rename during undo keeps the edited file', setup: editedOnce, faults: failRename('EIO'), send: post('activities/undoChangeToFiles'), status: 500, code: 'WRITE_FAILED' },
  // text and history
  { name: 'stale old text', send: post('mutate/editText', editText({ oldText: 'Goodbye' })), status: 409, code: 'TEXT_MISMATCH' },
  { name: 'external edit between read and write', faults: externalEditAfterTempWrite, send: post('mutate/editText', editText()), status: 409, code: 'FILE_CHANGED', changed: { [APP]: EXTERNAL } },
  { name: 'undo after an external edit', setup: editedThenChangedOutside, send: post('activities/undoChangeToFiles'), status: 409, code: 'FILE_CHANGED' },
  { name: 'redo after an external edit', setup: editedUndoneThenChangedOutside, send: post('activities/redoChangeToFiles'), status: 409, code: 'FILE_CHANGED' },
  { name: 'undo on an empty stack', send: post('activities/undoChangeToFiles'), status: 409, code: 'NOTHING_TO_UNDO' },
  { name: 'redo on an empty stack', send: post('activities/redoChangeToFiles'), status: 409, code: 'NOTHING_TO_REDO' },
  { name: 'undo on canvas __proto__ after an edit on another canvas', setup: editedOnce, send: post('/canvases/__proto__/parseAndMutate/activities/undoChangeToFiles'), status: 409, code: 'NOTHING_TO_UNDO' },
  // no endpoint hands the token out (docs/SECURITY.md): it reaches the editor in its URL only
  { name: 'session: same-origin GET finds no session endpoint', send: session('GET', { 'sec-fetch-site': 'same-origin' }), status: 404, code: 'NOT_FOUND', noCors: true },
  { name: 'session: GET without Origin (another local process) finds none', send: session('GET'), status: 404, code: 'NOT_FOUND', noCors: true },
  { name: 'session: GET with its own Origin finds none', send: session('GET', (app) => ({ origin: app.apiUrl, 'sec-fetch-site': 'same-origin' })), status: 404, code: 'NOT_FOUND', noCors: true },
  { name: 'session: DNS-rebound page is refused by its Host first', send: session('GET', (app) => ({ ...REBOUND(app), 'sec-fetch-site': 'same-origin' })), status: 403, code: 'FORBIDDEN_HOST', noCors: true },
  // the project endpoint: where the app is, to the editor only
  { name: 'project: the editor with the token learns the app port', send: project(), status: 200, code: 'project', noCors: true },
  { name: 'project: without the token', send: project({ 'x-visual-edit-token': '' }), status: 403, code: 'FORBIDDEN_TOKEN', noCors: true },
  { name: 'project: Sec-Fetch-Site same-site (the app on another port)', send: project({ 'sec-fetch-site': 'same-site' }), status: 403, code: 'FORBIDDEN_ORIGIN', noCors: true },
  { name: 'project: Origin of another loopback port', send: project(OTHER_PORT), status: 403, code: 'FORBIDDEN_ORIGIN', noCors: true },
  { name: 'project: GET', send: call('GET', PROJECT_PATH, ''), status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST', noCors: true },
]

function errorOf(response: RawResponse): unknown {
  try {
    return response.json()
  } catch {
    return `not JSON: ${response.body}`
  }
}

describe('the mutate gate and faults', () => {
  test('the matrix has at least 30 rows and unique names', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
    expect(new Set(cases.map((row) => row.name)).size).toBe(cases.length)
  })

  test.each(cases)('$name: $status $code', async (row) => {
    const app = await startMutateServer('mutate-app', row.options)
    try {
      await app.load(APP)
      await app.load('src/Card.tsx')
      await row.setup?.(app)
      const before = treeOf(app.dir)
      if (row.faults) {
        const services = servicesOf(app)
        services.fs = { ...nodeFileSystem, ...row.faults(app) }
      }

      const response = await row.send(app)

      const body = errorOf(response)
      const seen = `${response.status} ${response.body.slice(0, 300)}`
      expect(response.status, seen).toBe(row.status)
      if (row.code === 'ok') expect(body, seen).toEqual({ ok: true, files: [] })
      else if (row.code === 'project')
        expect(body, seen).toEqual({
          app: { port: Number(new URL(app.url).port), base: '/' },
          project: { id: expect.stringMatching(/^[0-9a-f]{16}$/), name: expect.any(String) },
        })
      else {
        expect(body, seen).toEqual({ error: { code: row.code, message: expect.any(String) } })
        const { message } = (body as { error: { message: string } }).error
        if (row.message) expect(message).toContain(row.message)
        expect(message, 'no absolute path leaves the server').not.toContain(app.dir)
        expect(message, 'no stack leaves the server').not.toMatch(/\n\s+at /)
      }
      if (row.allow) expect(response.headers.allow).toBe(row.allow)
      if (row.noCors) {
        const cors = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))
        expect(cors, 'CORS headers in the answer').toEqual([])
      }

      const expected = { ...before }
      for (const [file, content] of Object.entries(row.changed ?? {})) {
        expected[file] = fileEntry(content, lstatSync(app.file(file)).mode)
      }
      expect(treeOf(app.dir), 'every file byte-identical, no temp file left').toEqual(expected)
    } finally {
      await app.close()
    }
  })
})

describe('after a fault', () => {
  test('a failed write records no undo entry, and the edit succeeds once the fault is gone', async () => {
    const app = await startMutateServer()
    try {
      await app.load(APP)
      const services = servicesOf(app)
      services.fs = { ...nodeFileSystem, ...failRename('EACCES')(app) }
      expect((await post('mutate/editText', editText())(app)).status).toBe(500)

      services.fs = nodeFileSystem
      expect((await post('activities/undoChangeToFiles')(app)).json()).toMatchObject({
        error: { code: 'NOTHING_TO_UNDO' },
      })
      expect((await post('mutate/editText', editText())(app)).status).toBe(200)
      expect(readFileSync(app.file(APP), 'utf8')).toBe(APP_SOURCE.replace('Welcome back', 'Hello'))
      expect((await post('activities/undoChangeToFiles')(app)).status).toBe(200)
      expect(readFileSync(app.file(APP), 'utf8')).toBe(APP_SOURCE)
    } finally {
      await app.close()
    }
  })

  test('a failed undo stays on the stack and can be retried', async () => {
    const app = await startMutateServer()
    try {
      await app.load(APP)
      await editedOnce(app)
      const services = servicesOf(app)
      services.fs = { ...nodeFileSystem, ...failWrite('EIO')(app) }
      expect((await post('activities/undoChangeToFiles')(app)).status).toBe(500)

      services.fs = nodeFileSystem
      expect((await post('activities/undoChangeToFiles')(app)).status).toBe(200)
      expect(readFileSync(app.file(APP), 'utf8')).toBe(APP_SOURCE)
      expect((await post('activities/redoChangeToFiles')(app)).status).toBe(200)
      expect(readFileSync(app.file(APP), 'utf8')).toBe(APP_SOURCE.replace('Welcome back', 'Hello'))
    } finally {
      await app.close()
    }
  })
})
