/** Lines of context around each change, as `diff -u` and `git diff` print. */
const CONTEXT = 3

/** Above this many cells the middle is shown replaced as a whole rather than aligned line by line. */
const MAX_TABLE = 4_000_000

type Op = { kind: ' ' | '-' | '+'; line: string }

function linesOf(text: string | null): string[] {
  if (text === null || text === '') return []
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** The edit script from `a` to `b`: common head and tail, and a longest common subsequence between. */
function script(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1
  let tail = 0
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1
  const x = a.slice(head, a.length - tail)
  const y = b.slice(head, b.length - tail)
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: ' ', line }))

  if (x.length * y.length > MAX_TABLE) {
    ops.push(
      ...x.map((line) => ({ kind: '-' as const, line })),
      ...y.map((line) => ({ kind: '+' as const, line })),
    )
  } else {
    // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..].
    const width = y.length + 1
    const lcs = new Uint32Array((x.length + 1) * width)
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        lcs[i * width + j] =
          x[i] === y[j]
            ? (lcs[(i + 1) * width + j + 1] as number) + 1
            : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number)
    let i = 0
    let j = 0
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        ops.push({ kind: ' ', line: x[i] as string })
        i += 1
        j += 1
      } else if (
        j >= y.length ||
        (i < x.length && (lcs[(i + 1) * width + j] as number) >= (lcs[i * width + j + 1] as number))
      ) {
        ops.push({ kind: '-', line: x[i] as string })
        i += 1
      } else {
        ops.push({ kind: '+', line: y[j] as string })
        j += 1
      }
    }
  }
  ops.push(...a.slice(a.length - tail).map((line) => ({ kind: ' ' as const, line })))
  return ops
}

const range = (start: number, length: number) => (length === 1 ? `${start}` : `${start},${length}`)

/**
 * A unified diff of one file, as `git diff` prints it: `null` is a file that does not exist (created
 * or deleted). Empty when the texts are equal.
 */
export function unifiedDiff(file: string, before: string | null, after: string | null): string {
  if (before === after) return ''
  const ops = script(linesOf(before), linesOf(after))
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]))
  if (changed.length === 0) return ''

  const out = [
    before === null ? '--- /dev/null' : `--- a/${file}`,
    after === null ? '+++ /dev/null' : `+++ b/${file}`,
  ]
  let index = 0
  while (index < changed.length) {
    const first = changed[index] as number
    let last = first
    // One hunk holds every change whose context touches the previous one's.
    while (index + 1 < changed.length && (changed[index + 1] as number) - last <= 2 * CONTEXT + 1) {
      index += 1
      last = changed[index] as number
    }
    index += 1
    const start = Math.max(0, first - CONTEXT)
    const end = Math.min(ops.length, last + CONTEXT + 1)
    let oldLine = 1
    let newLine = 1
    for (const op of ops.slice(0, start)) {
      if (op.kind !== '+') oldLine += 1
      if (op.kind !== '-') newLine += 1
    }
    const hunk = ops.slice(start, end)
    const oldLength = hunk.filter((op) => op.kind !== '+').length
    const newLength = hunk.filter((op) => op.kind !== '-').length
    out.push(
      `@@ -${range(oldLength === 0 ? oldLine - 1 : oldLine, oldLength)} +${range(newLength === 0 ? newLine - 1 : newLine, newLength)} @@`,
      ...hunk.map((op) => `${op.kind}${op.line}`),
    )
  }
  return `${out.join('\n')}\n`
}
