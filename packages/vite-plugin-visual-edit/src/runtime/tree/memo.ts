/**
 * `compute` with its answers kept per string: the walk asks the same few questions (a class list, a
 * component name, a codebase id) thousands of times per page. The cache is emptied when it reaches
 * `limit` entries, so a page that keeps making new strings cannot grow it without bound.
 */
export function memoByString<T>(compute: (key: string) => T, limit = 10_000): (key: string) => T {
  const answers = new Map<string, T>()
  return (key) => {
    const known = answers.get(key)
    if (known !== undefined || answers.has(key)) return known as T
    const answer = compute(key)
    if (answers.size >= limit) answers.clear()
    answers.set(key, answer)
    return answer
  }
}
