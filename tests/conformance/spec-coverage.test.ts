/**
 * The conformance suite covers the specs: every single-quoted text of docs/spec/visual-editor.md and
 * docs/spec/marketplace.md is named, quotes included, by a conformance test's title or by a departure
 * of docs/SPEC-DEPARTURES.md, and the departures and their tests name each other. A new quote in a spec,
 * a test renamed, or a departure without its test fails here with the list of what is missing.
 *
 * Checked by source: the specs' text, the test files' titles (read with the plugin's Babel parser:
 * support/test-titles.ts) and docs/SPEC-DEPARTURES.md.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { quotedTexts, READ_SPECS, REPOSITORY_ROOT, readSpec, type SpecName } from './support/spec-quotes.ts'
import { type TestTitle, testTitlesUnder } from './support/test-titles.ts'

const TITLES = testTitlesUnder(import.meta.dirname)
const STATIC_TITLES = TITLES.flatMap((entry) => (entry.title === null ? [] : [entry.title]))
const DEPARTURES = readFileSync(path.join(REPOSITORY_ROOT, 'docs/SPEC-DEPARTURES.md'), 'utf8')

interface Departure {
  heading: string
  /** What the spec says, as the departure quotes it. */
  spec: string
  /** `file › title` of each test the departure names. */
  tests: { file: string; title: string }[]
}

/** The departures of docs/SPEC-DEPARTURES.md: each `## ` section with its `**The spec:**` line and its tests. */
function departures(): Departure[] {
  return DEPARTURES.split(/^## /m)
    .slice(1)
    .map((section) => ({
      heading: section.split('\n')[0]?.trim() ?? '',
      spec: /^\*\*The spec:\*\* (.*)$/m.exec(section)?.[1] ?? '',
      tests: [...section.matchAll(/^- `([\w.-]+\.test\.ts)` › (.+)$/gm)].map((match) => ({
        file: match[1] as string,
        title: match[2] as string,
      })),
    }))
}

/** The quotes a spec promises that no test title names (with its quote marks) and no departure covers. */
function uncovered(name: SpecName): string[] {
  const coveredByDepartures = departures().flatMap((departure) => quotedTexts(departure.spec))
  return quotedTexts(readSpec(name)).filter(
    (quote) =>
      !STATIC_TITLES.some((title) => title.includes(`'${quote}'`)) && !coveredByDepartures.includes(quote),
  )
}

const describeTitle = (entry: TestTitle) => `${entry.file}:${entry.line} ${entry.source}`

describe('§0 Spec coverage', () => {
  test('§0 The quotes are read as the specs write them, apostrophes inside words included', () => {
    expect(
      quotedTexts(
        "a 'Listing Not Found', 'The listing you're looking for doesn't exist or has been removed.' and ' & ' into '-', Women's Fashion (64)",
      ),
    ).toEqual([
      'Listing Not Found',
      "The listing you're looking for doesn't exist or has been removed.",
      ' & ',
      '-',
    ])
    expect(quotedTexts(readSpec('marketplace'))).toContain(
      "Thank you for your message. We'll get back to you soon!",
    )
    expect(READ_SPECS.map((name) => quotedTexts(readSpec(name)).length)).toEqual([25, 63])
  })

  test("§0 Every quoted text of the visual editor's spec is named by a conformance test", () => {
    expect(uncovered('visual-editor')).toEqual([])
  })

  test("§0 Every quoted text of the marketplace's spec is named by a conformance test or a departure", () => {
    expect(uncovered('marketplace')).toEqual([])
  })

  test('§0 Every conformance test is named after its spec section (§N), its title written out', () => {
    const computed = TITLES.filter((entry) => entry.title === null && !entry.source.startsWith('`§'))
    expect(computed.map(describeTitle)).toEqual([])
    expect(STATIC_TITLES.filter((title) => !/^§\d /.test(title))).toEqual([])
  })

  test('§0 Every departure of docs/SPEC-DEPARTURES.md quotes the spec and names its tests, and those tests exist', () => {
    const known = new Set(TITLES.map((entry) => `${entry.file} › ${entry.title}`))
    const broken = departures().flatMap((departure) => [
      ...(departure.spec === '' ? [`${departure.heading}: no **The spec:** line`] : []),
      ...(departure.tests.length === 0 ? [`${departure.heading}: no test`] : []),
      ...departure.tests
        .filter((entry) => !known.has(`${entry.file} › ${entry.title}`))
        .map((entry) => `${departure.heading}: no test ${entry.file} › ${entry.title}`),
    ])
    expect(broken).toEqual([])
  })

  test('§0 Every test of departures.test.ts is named by a departure', () => {
    const named = new Set(departures().flatMap((departure) => departure.tests.map((entry) => entry.title)))
    const orphans = TITLES.filter(
      (entry) => entry.file === 'departures.test.ts' && !named.has(entry.title ?? ''),
    )
    expect(orphans.map(describeTitle)).toEqual([])
  })
})
