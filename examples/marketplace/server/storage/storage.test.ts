import { existsSync } from 'node:fs'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeEachDatabase } from '../db/test-databases.ts'
import { startTestBackend, type TestBackend } from '../supabase-test-clients.ts'
import { sniffImageType } from './image-type.ts'
import { objectNameProblem } from './object-name.ts'

// Storage through supabase-js's `storage` against the local backend: the listing-images bucket's
// limits, and who may write where (storage.objects' row-level security).

const ids = { a: '30000000-0000-4000-8000-00000000000a', b: '30000000-0000-4000-8000-00000000000b' }
const BUCKET = 'listing-images'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** A file whose bytes start as a PNG's, `size` bytes long. */
const png = (size = 64) => {
  const bytes = new Uint8Array(size)
  bytes.set(PNG_SIGNATURE)
  return new Blob([bytes], { type: 'image/png' })
}

describeEachDatabase((database) => {
  let backend: TestBackend
  let asA: SupabaseClient
  let asB: SupabaseClient

  beforeAll(async () => {
    backend = await startTestBackend('marketplace-storage-', database)
    await backend.createUser(ids.a, 'storage-a@example.com', 'Asha')
    await backend.createUser(ids.b, 'storage-b@example.com', 'Bhim')
    asA = backend.client(await backend.tokenFor(ids.a))
    asB = backend.client(await backend.tokenFor(ids.b))
  })

  afterAll(async () => {
    await backend?.close()
  })

  describe('the listing-images bucket', () => {
    test("an image uploaded into one's own folder is served by its public URL, as an image, to anyone", async () => {
      const name = `${ids.a}/L1/front.png`
      const uploaded = await asA.storage.from(BUCKET).upload(name, png(2048))
      expect(uploaded.error).toBeNull()
      expect(uploaded.data).toMatchObject({ path: name, fullPath: `${BUCKET}/${name}` })

      const { publicUrl } = asA.storage.from(BUCKET).getPublicUrl(name).data
      const served = await fetch(publicUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await served.arrayBuffer()).byteLength).toBe(2048)

      // The bytes are kept under the data folder, beside the database, never in the app's folder.
      expect(
        existsSync(path.join(backend.backend.config.dataDir, 'storage', BUCKET, ids.a, 'L1', 'front.png')),
      ).toBe(true)

      // Uploading the same name again is a conflict unless asked to replace it.
      expect((await asA.storage.from(BUCKET).upload(name, png())).error).toMatchObject({ statusCode: '409' })
      expect((await asA.storage.from(BUCKET).upload(name, png(100), { upsert: true })).error).toBeNull()
    })

    test("another user cannot upload into someone's folder, nor delete their images", async () => {
      const name = `${ids.a}/L2/side.png`
      expect((await asB.storage.from(BUCKET).upload(name, png())).error).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      })
      expect((await backend.client().storage.from(BUCKET).upload(`anon/x.png`, png())).error).not.toBeNull()

      expect((await asA.storage.from(BUCKET).upload(name, png())).error).toBeNull()
      const stolen = await asB.storage.from(BUCKET).remove([name])
      expect(stolen.data).toEqual([])
      expect((await fetch(asA.storage.from(BUCKET).getPublicUrl(name).data.publicUrl)).status).toBe(200)

      const removed = await asA.storage.from(BUCKET).remove([name])
      expect(removed.data?.map((object) => object.name)).toEqual([name])
      expect((await fetch(asA.storage.from(BUCKET).getPublicUrl(name).data.publicUrl)).status).toBe(404)
    })

    test('over 5 MB, a type outside JPG/PNG/GIF/WebP, or bytes that are not the image they claim: refused, nothing stored', async () => {
      const big = await asA.storage.from(BUCKET).upload(`${ids.a}/big.png`, png(5 * 1024 * 1024 + 1))
      expect(big.error).toMatchObject({
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      })
      const exactly = await asA.storage.from(BUCKET).upload(`${ids.a}/exact.png`, png(5 * 1024 * 1024))
      expect(exactly.error).toBeNull()

      const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
        type: 'image/svg+xml',
      })
      expect((await asA.storage.from(BUCKET).upload(`${ids.a}/x.svg`, svg)).error).toMatchObject({
        statusCode: '415',
        message: 'mime type image/svg+xml is not supported',
      })
      const page = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' })
      expect((await asA.storage.from(BUCKET).upload(`${ids.a}/page.png`, page)).error).toMatchObject({
        statusCode: '415',
        message: 'The file is not a image/png image',
      })
      const listed = await backend.backend.db.asOwner((tx) =>
        tx.query<{ name: string }>('select name from storage.objects where name like $1 order by name', [
          `${ids.a}/%`,
        ]),
      )
      expect(listed.rows.map((row) => row.name)).not.toContain(`${ids.a}/big.png`)
      expect(listed.rows.map((row) => row.name)).not.toContain(`${ids.a}/page.png`)
    })

    test('a name that would leave the bucket is refused, however it is encoded', async () => {
      const { config, url } = backend.backend
      const token = await backend.tokenFor(ids.a)
      for (const name of [`${ids.a}/..%2F..%2Fbackend.json`, `${ids.a}/a%5Cb.png`, `${ids.a}/a%00.png`]) {
        const answer = await fetch(`${url}/storage/v1/object/${BUCKET}/${name}`, {
          method: 'POST',
          headers: { apikey: config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
          body: await png().arrayBuffer(),
        })
        expect(answer.status, name).toBe(400)
        expect(await answer.json()).toMatchObject({ error: 'InvalidKey' })
      }
      const stored = await backend.backend.db.asOwner((tx) =>
        tx.query<{ count: number }>('select count(*)::int as count from storage.objects where name like $1', [
          '%..%',
        ]),
      )
      expect(stored.rows[0]?.count).toBe(0)
    })
  })
})

describe('names and types', () => {
  test('object names stay inside their bucket', () => {
    expect(objectNameProblem('u1/L1/photo.webp')).toBeNull()
    expect(objectNameProblem('../backend.json')).toBe('an object name has no . or .. segment')
    expect(objectNameProblem('a/./b')).toBe('an object name has no . or .. segment')
    expect(objectNameProblem('/abs')).toMatch(/empty segment/)
    expect(objectNameProblem('a\u0000b')).toMatch(/control character/)
  })

  test('image signatures', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(new Uint8Array(PNG_SIGNATURE))).toBe('image/png')
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif')
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(
      'image/webp',
    )
    expect(sniffImageType(new TextEncoder().encode('<html>'))).toBeNull()
  })
})
