/** The words the marketplace benchmarks make listing titles of ('Phone Sofa no. 42'). */
export const LISTING_TITLE_WORDS = [
  'Used',
  'New',
  'Phone',
  'Laptop',
  'Sofa',
  'Car',
  'Bike',
  'Flat',
  'Tutor',
  'Repair',
  'Watch',
  'Saree',
]

/** `run` timed `runs` times after 10 warm-up runs (ms each). */
export async function timed(run: () => Promise<unknown>, runs = 200): Promise<number[]> {
  for (let warm = 0; warm < 10; warm++) await run()
  const times: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return times
}

/** A value as an SQL literal, for EXPLAIN of a statement whose values the benchmark itself chose. */
export function literal(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]::text[]`
  return `'${String(value).replaceAll("'", "''")}'`
}
