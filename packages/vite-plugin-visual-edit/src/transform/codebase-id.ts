import { hash } from 'node:crypto'
import { CODEBASE_ID_PREFIX } from '../protocol/ids.ts'

/** Our UUIDv5 namespace. Changing it changes every id, so it never changes. */
const CODEBASE_ID_NAMESPACE = '6f1e3b4a-9c2d-4e8f-a7b0-5c3d2e1f0a9b'

const VARIANT_DIGITS = '89ab'
/** Namespace bytes followed by the name: one buffer reused for every id (tagging hashes one per element). */
let scratch = Buffer.alloc(4096)

/**
 * RFC 4122 name-based UUID, version 5: SHA-1 of the namespace's 16 bytes and the UTF-8 name, with the
 * version and variant bits set.
 */
export function uuidV5(name: string, namespace: string = CODEBASE_ID_NAMESPACE): string {
  const maxLength = 16 + Buffer.byteLength(name, 'utf8')
  if (maxLength > scratch.length) scratch = Buffer.alloc(maxLength * 2)
  scratch.write(namespace.replaceAll('-', ''), 0, 'hex')
  const length = 16 + scratch.write(name, 16, 'utf8')
  const hex = hash('sha1', scratch.subarray(0, length), 'hex')
  const variant = VARIANT_DIGITS[Number.parseInt(hex[16] as string, 16) & 0x3]
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The codebase id of the element at `structuralPath` (its index path among the file's JSX elements,
 * e.g. `0.2.1`) in the file at `relativePath` (posix, relative to the project root). Text, class and
 * prop edits do not move an element, so they never change its id.
 */
export function codebaseIdFor(relativePath: string, structuralPath: string): string {
  const name = `${relativePath}#${structuralPath}`
  let id = recentIds.get(name)
  if (id === undefined) {
    id = `${CODEBASE_ID_PREFIX}${uuidV5(name)}`
    if (recentIds.size >= RECENT_ID_LIMIT) recentIds.clear()
    recentIds.set(name, id)
  }
  return id
}

/** Files are tagged again and again with mostly the same paths; hashing each name once is enough. */
const recentIds = new Map<string, string>()
const RECENT_ID_LIMIT = 200_000
