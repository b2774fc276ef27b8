import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transaction } from '../db/database.ts'
import type { ApiRequest, ApiResponse, BackendContext } from '../http/types.ts'
import { requestClaims } from '../rest/auth.ts'
import { RestError } from '../rest/errors.ts'
import { notFound, StorageError } from './errors.ts'
import { sniffImageType } from './image-type.ts'
import { isBucketId, objectFile, objectNameProblem } from './object-name.ts'

/** What a multipart upload may add to the file itself (boundaries, the cacheControl field). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/** A bucket without its own limit: Supabase's default upload limit. */
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024
const SNIFFED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])

interface Bucket {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

/**
 * The Storage API as supabase-js's `storage` calls it, on the local backend (docs: the marketplace
 * README, Storage): upload (POST, or PUT to replace), public and authenticated download, and delete.
 * Who may do what is the `storage.objects` row-level security, run as the request's role; the bucket's
 * size and type limits are checked before anything is written, and an image must be the type it says.
 * The bytes live in `<dataDir>/storage/<bucket>/<name>`, written to a temporary file and renamed, the
 * row and the file together or neither.
 */
export function createStorageHandler(ctx: BackendContext) {
  const root = path.join(ctx.config.dataDir, 'storage')

  async function bucket(tx: Transaction, id: string): Promise<Bucket> {
    if (!isBucketId(id)) throw notFound('Bucket')
    const { rows } = await tx.query<Bucket>(
      'select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    )
    const found = rows[0]
    if (!found) throw notFound('Bucket')
    return found
  }

  async function upload(
    req: ApiRequest,
    bucketId: string,
    name: string,
    replace: boolean,
  ): Promise<ApiResponse> {
    const problem = objectNameProblem(name)
    if (problem) throw new StorageError(400, 'InvalidKey', `Invalid key: ${problem}`)
    const claims = await requestClaims(req, ctx.config.jwtSecret)
    const limits = await ctx.db.asOwner((tx) => bucket(tx, bucketId))
    const limit = limits.file_size_limit ?? DEFAULT_FILE_SIZE_LIMIT
    const raw = await req.body(limit + MULTIPART_OVERHEAD_BYTES).catch((error: unknown) => {
      if (error instanceof Error && 'status' in error && error.status === 413) throw tooLarge()
      throw error
    })
    const file = await fileOf(req, raw)
    if (file.bytes.length > limit) throw tooLarge()
    const type = file.type.split(';')[0]?.trim().toLowerCase() ?? ''
    if (limits.allowed_mime_types && !limits.allowed_mime_types.includes(type))
      throw new StorageError(415, 'invalid_mime_type', `mime type ${type || '(none)'} is not supported`)
    if (SNIFFED_TYPES.has(type) && sniffImageType(file.bytes) !== type)
      throw new StorageError(415, 'invalid_mime_type', `The file is not a ${type} image`)
    const target = objectFile(root, bucketId, name)
    const upsert = replace || String(req.headers['x-upsert']) === 'true'
    const metadata = { mimetype: type, size: file.bytes.length, cacheControl: file.cacheControl }
    const id = await ctx.db.asRequest(claims, async (tx) => {
      let written: { id: string } | undefined
      try {
        const { rows } = await tx.query<{ id: string }>(
          upsert
            ? `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, auth.uid(), auth.uid()::text, $3)
               on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now() returning id`
            : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, auth.uid(), auth.uid()::text, $3)
               returning id`,
          [bucketId, name, JSON.stringify(metadata)],
        )
        written = rows[0]
      } catch (error) {
        throw storageErrorOf(error)
      }
      if (!written) throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy')
      await mkdir(path.dirname(target), { recursive: true })
      const temporary = `${target}.${process.pid}.${Date.now()}.upload`
      await writeFile(temporary, file.bytes)
      await rename(temporary, target)
      return written.id
    })
    return { status: 200, body: { Id: id, Key: `${bucketId}/${name}` } }
  }

  async function download(
    req: ApiRequest,
    bucketId: string,
    name: string,
    publicOnly: boolean,
  ): Promise<ApiResponse> {
    if (objectNameProblem(name)) throw notFound()
    const metadataOf = async (tx: Transaction) => {
      const { rows } = await tx.query<{ metadata: { mimetype?: string } | null }>(
        'select metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, name],
      )
      return rows[0]
    }
    // A public bucket's object is anyone's to read; any other is read as the request's role (RLS).
    const found = publicOnly
      ? await ctx.db.asOwner(async (tx) => {
          if (!(await bucket(tx, bucketId)).public)
            throw new StorageError(400, 'not_public', 'The bucket is not public')
          return metadataOf(tx)
        })
      : await ctx.db.asRequest(await requestClaims(req, ctx.config.jwtSecret), metadataOf)
    if (!found) throw notFound()
    const bytes = await readFile(objectFile(root, bucketId, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound()
      throw error
    })
    return {
      status: 200,
      headers: {
        'content-type': found.metadata?.mimetype ?? 'application/octet-stream',
        'cache-control': 'max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
      body: bytes,
    }
  }

  async function remove(req: ApiRequest, bucketId: string): Promise<ApiResponse> {
    const body = (await req.json()) as { prefixes?: unknown } | undefined
    const prefixes = body?.prefixes
    if (
      !Array.isArray(prefixes) ||
      prefixes.length === 0 ||
      !prefixes.every((entry) => typeof entry === 'string')
    )
      throw new StorageError(
        400,
        'InvalidRequest',
        'Send { prefixes: [names] }: the names of the objects to delete',
      )
    if (prefixes.length > 1000)
      throw new StorageError(400, 'InvalidRequest', 'Delete at most 1000 objects at once')
    const claims = await requestClaims(req, ctx.config.jwtSecret)
    await ctx.db.asOwner((tx) => bucket(tx, bucketId))
    const removed = await ctx.db.asRequest(claims, async (tx) => {
      const { rows } = await tx.query<{ name: string; id: string; metadata: unknown }>(
        'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning id, name, metadata',
        [bucketId, prefixes],
      )
      return rows
    })
    for (const row of removed) await rm(objectFile(root, bucketId, row.name), { force: true })
    return { status: 200, body: removed.map((row) => ({ bucket_id: bucketId, ...row })) }
  }

  return async function handle(req: ApiRequest): Promise<ApiResponse> {
    try {
      const parts = req.path
        .split('/')
        .filter((part) => part !== '')
        .map(decodeURIComponent)
      if (parts[0] !== 'object') throw notFound('Route')
      const [, first = '', second = '', ...rest] = parts
      if (req.method === 'GET' && (first === 'public' || first === 'authenticated'))
        return await download(req, second, rest.join('/'), first === 'public')
      if (req.method === 'GET') return await download(req, first, [second, ...rest].join('/'), false)
      if (req.method === 'POST' || req.method === 'PUT')
        return await upload(req, first, [second, ...rest].filter(Boolean).join('/'), req.method === 'PUT')
      if (req.method === 'DELETE' && second === '') return await remove(req, first)
      throw notFound('Route')
    } catch (error) {
      if (error instanceof StorageError) return error.toResponse()
      if (error instanceof RestError)
        return new StorageError(error.status, 'InvalidJWT', error.message).toResponse()
      if (error instanceof URIError)
        return new StorageError(400, 'InvalidKey', 'Invalid key: bad percent-encoding').toResponse()
      throw error
    }
  }
}

const tooLarge = () =>
  new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size')

/** The file of an upload: the multipart body's file part (storage-js sends a Blob so), else the raw body. */
async function fileOf(
  req: ApiRequest,
  raw: Buffer,
): Promise<{ bytes: Buffer; type: string; cacheControl: string }> {
  const contentType = String(req.headers['content-type'] ?? '')
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData()
    } catch {
      throw new StorageError(400, 'InvalidRequest', 'The multipart body could not be read')
    }
    const part = [...form.values()].find((value) => typeof value !== 'string')
    if (!part || typeof part === 'string')
      throw new StorageError(400, 'InvalidRequest', 'The multipart body has no file')
    const cacheControl = form.get('cacheControl')
    return {
      bytes: Buffer.from(await part.arrayBuffer()),
      type: part.type,
      cacheControl: typeof cacheControl === 'string' ? cacheControl : '3600',
    }
  }
  return {
    bytes: raw,
    type: contentType,
    cacheControl: String(req.headers['cache-control'] ?? 'max-age=3600'),
  }
}

/** A database refusal in Storage's words: a duplicate, or what row-level security said. */
function storageErrorOf(error: unknown): unknown {
  const code = (error as { code?: string }).code
  if (code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists')
  if (code === '42501')
    return new StorageError(403, 'Unauthorized', 'new row violates row-level security policy')
  return error
}
