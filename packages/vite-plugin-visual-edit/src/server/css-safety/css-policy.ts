import postcss, { CssSyntaxError, type Root } from 'postcss'
import { atRuleProblem } from './at-rule-policy.ts'
import { cssContents } from './css-references.ts'
import { type ReferenceContext, referenceVerdict } from './reference-policy.ts'

/**
 * The CSS policy: what a stylesheet that visual-edit writes may hold, so that nothing it writes makes
 * the dev server load code or read outside the project (docs/MUTATE-API.md, What CSS is written).
 * The text is parsed with postcss and every at-rule and reference checked against allowlists
 * (at-rule-policy.ts, reference-policy.ts):
 *
 *   @import "tailwindcss"; @theme { --color-brand: #4f46e5; }   .card { background: url(./bg.png) }   ok
 *   @plugin "./p.js";   @PLUGIN "x";   @import "../../../etc/passwd";   url("\2e\2e/\2e\2e/x")      refused
 *
 * Beneath the parse, a backstop for parsers that read CSS differently (Tailwind has its own): the
 * at-keywords that load or name files (`@plugin`, `@config`, `@import`, ...) and `@` followed by an
 * escape may appear only where postcss found an at-rule, not in a comment, string or selector.
 */

/** One thing the policy refuses. */
export interface CssFinding {
  /** What it is, apart from where: an edit may keep what the file had, as many times as it had it. */
  key: string
  /** What is wrong and where (`line 2: @plugin "./p.js" makes Tailwind load ...`). */
  problem: string
}

export interface CssReview {
  /** Null when the text does not parse (then nothing in it can be checked). */
  parseProblem: string | null
  findings: CssFinding[]
  /** Files the allowed relative references name (relative to the root, posix), by their keys. */
  targets: { key: string; target: string }[]
}

/** At-keywords that load or name files: outside an at-rule, another parser may still read them as one. */
const SENSITIVE_KEYWORD = /@(?:\\|(?:plugin|config|import|reference|source|tailwind|value)(?![\w-]))/gi

/** Parses CSS as postcss does, a BOM kept as a space so offsets match the text. */
function parse(text: string): Root | string {
  try {
    return postcss.parse(text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text)
  } catch (error) {
    if (!(error instanceof CssSyntaxError)) throw error
    return `it does not parse as CSS (line ${error.line ?? 0}: ${error.reason})`
  }
}

/** Every finding of `text`, a stylesheet at `context.sheet`. */
export function reviewCss(text: string, context: ReferenceContext): CssReview {
  const root = parse(text)
  // Unparsed, nothing can be placed; an at-rule name with an escape is still worth naming.
  if (typeof root === 'string')
    return { parseProblem: root, findings: keywordFindings(text, null), targets: [] }
  const contents = cssContents(root)
  const findings: CssFinding[] = []
  const targets: CssReview['targets'] = []

  for (const atRule of contents.atRules) {
    const problem = atRuleProblem(atRule.name)
    if (problem !== null)
      findings.push({ key: `@${atRule.name} ${atRule.params}`, problem: `line ${atRule.line}: ${problem}` })
  }
  for (const reference of contents.references) {
    const key = `${reference.kind} ${reference.value}`
    const verdict = referenceVerdict(reference.kind, reference.value, context)
    if (!verdict.ok)
      findings.push({
        key,
        problem: `line ${reference.line}: ${describe(reference.kind)} ${verdict.problem}`,
      })
    else if (verdict.target !== undefined) targets.push({ key, target: verdict.target })
  }
  for (const malformed of contents.malformed)
    findings.push({
      key: `malformed ${malformed.problem}`,
      problem: `line ${malformed.line}: ${malformed.problem}`,
    })

  findings.push(...keywordFindings(text, new Set(contents.atRules.map((atRule) => atRule.offset))))
  return { parseProblem: null, findings, targets }
}

/**
 * The backstop: sensitive at-keywords anywhere but at the offsets where postcss found an at-rule, and
 * at-keywords written with an escape. With `atRuleOffsets` null (text that does not parse), only those.
 */
function keywordFindings(text: string, atRuleOffsets: ReadonlySet<number> | null): CssFinding[] {
  const findings: CssFinding[] = []
  for (const match of text.matchAll(SENSITIVE_KEYWORD)) {
    const offset = match.index as number
    const escaped = match[0].includes('\\')
    if (!escaped && (atRuleOffsets === null || atRuleOffsets.has(offset))) continue
    const line = text.slice(0, offset).split('\n').length
    const written = escaped ? (/^@[^\s"';{]{0,12}/.exec(text.slice(offset))?.[0] ?? match[0]) : match[0]
    findings.push({
      key: `outside ${written.toLowerCase()}`,
      problem: escaped
        ? `line ${line}: ${written} spells an at-rule with an escape, which another CSS parser may read as @plugin or @import; write at-rule names plainly`
        : `line ${line}: ${written} is written outside an at-rule (in a comment, a string or a selector), where another CSS parser may read it as one; leave it out`,
    })
  }
  return findings
}

function describe(kind: string): string {
  switch (kind) {
    case 'import':
      return '@import'
    case 'reference':
      return '@reference'
    case 'source':
      return 'the Tailwind source'
    case 'module':
      return 'the CSS-modules import'
    default:
      return 'url()'
  }
}

/**
 * What `after` holds that `before` did not (as many times): the findings an edit introduced, and the
 * targets of references it added. With `before` null (a new file) that is everything.
 */
export function introduced(
  before: CssReview | null,
  after: CssReview,
): { findings: CssFinding[]; targets: string[] } {
  const had = new Map<string, number>()
  const count = (key: string) => had.set(key, (had.get(key) ?? 0) + 1)
  for (const finding of before?.findings ?? []) count(finding.key)
  for (const target of before?.targets ?? []) count(target.key)
  const take = (key: string) => {
    const left = had.get(key) ?? 0
    if (left > 0) had.set(key, left - 1)
    return left === 0
  }
  return {
    findings: after.findings.filter((finding) => take(finding.key)),
    targets: after.targets.filter((target) => take(target.key)).map((target) => target.target),
  }
}
