import path from 'node:path'

/** Supabase Storage's longest object name. */
const MAX_OBJECT_NAME_LENGTH = 1024

/**
 * Why an object name cannot be stored, or null when it can: a name is `/`-separated segments, none
 * empty, `.` or `..`, with no backslash or control character, so it never leaves its bucket's folder
 * on disk, whatever a client sends.
 *
 *   'u1/L1/photo.webp'  -> null
 *   '../backend.json'   -> 'an object name has no . or .. segment'
 */
export function objectNameProblem(name: string): string | null {
  if (name.length === 0) return 'the object name is empty'
  if (name.length > MAX_OBJECT_NAME_LENGTH)
    return `an object name has at most ${MAX_OBJECT_NAME_LENGTH} characters`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return 'an object name has no backslash or control character'
  const segments = name.split('/')
  if (segments.some((segment) => segment === ''))
    return 'an object name has no empty segment (// or a leading or trailing /)'
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'an object name has no . or .. segment'
  if (segments.some((segment) => Buffer.byteLength(segment) > 255))
    return 'a segment of an object name has at most 255 bytes'
  return null
}

/** Bucket ids as Supabase has them: lower-case letters, digits, `-` and `_`. */
export const isBucketId = (id: string) => /^[a-z0-9][a-z0-9_-]{0,62}$/.test(id)

/** The file of an object under `root` (`<dataDir>/storage`), checked to stay inside its bucket's folder. */
export function objectFile(root: string, bucket: string, name: string): string {
  const folder = path.resolve(root, bucket)
  const file = path.resolve(folder, ...name.split('/'))
  if (!isBucketId(bucket) || objectNameProblem(name) !== null || !file.startsWith(`${folder}${path.sep}`))
    throw new Error(`Refused object path ${bucket}/${name}`)
  return file
}
