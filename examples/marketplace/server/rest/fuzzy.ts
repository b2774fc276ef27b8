/** Edit distance (insert, delete, substitute: 1 each), as Postgres's `varstr_levenshtein`. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * The known names closest to `wanted`, for "Perhaps you meant" hints: those at the smallest distance,
 * at most `limit` of them (none when more tie, as Postgres does), and only when the similarity
 * (1 - distance / length) reaches `minSimilarity`.
 */
export function closestNames(
  wanted: string,
  known: Iterable<string>,
  minSimilarity: number,
  limit = 1,
): string[] {
  let best = Number.POSITIVE_INFINITY
  let matches: string[] = []
  for (const name of known) {
    const distance = levenshtein(wanted, name)
    const similarity = 1 - distance / Math.max(wanted.length, name.length, 1)
    if (distance === 0 || similarity < minSimilarity) continue
    if (distance < best) {
      best = distance
      matches = [name]
    } else if (distance === best) {
      matches.push(name)
    }
  }
  return matches.length <= limit ? matches : []
}
