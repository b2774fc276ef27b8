/**
 * A Storage over a Map, as localStorage behaves: for tests of code that takes a Storage. With a
 * `quota` (characters of keys and values), a write past it throws QuotaExceededError and changes
 * nothing, as a full browser's does.
 */
export function memoryStorage(
  initial: Record<string, string> = {},
  quota = Number.POSITIVE_INFINITY,
): Storage {
  const map = new Map(Object.entries(initial))
  const used = () => [...map].reduce((sum, [key, value]) => sum + key.length + value.length, 0)
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key)
    },
    setItem: (key, value) => {
      const before = map.get(key)
      const size =
        used() - (before === undefined ? 0 : key.length + before.length) + key.length + String(value).length
      if (size > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      map.set(key, String(value))
    },
  }
}
