import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { DEMO_LISTINGS } from '../../src/data/demo-listings.ts'
import { DEMO_LISTINGS_MIGRATION, demoListingsSql } from './demo-listings-sql.ts'

describe('the demo listings migration', () => {
  test('is what src/data/demo-listings.ts generates (npx tsx examples/marketplace/server/db/demo-listings-sql.ts --write)', () => {
    expect(readFileSync(DEMO_LISTINGS_MIGRATION, 'utf8')).toBe(demoListingsSql())
  })

  test("has the spec's L1001 to L1010 and every demo listing", () => {
    const sql = demoListingsSql()
    for (let id = 1001; id <= 1010; id++) expect(sql).toContain(`('L${id}', `)
    expect(sql.match(/^ {2}\('L\d+', /gm)).toHaveLength(DEMO_LISTINGS.length)
  })

  test('quotes text as SQL literals', () => {
    const [first] = DEMO_LISTINGS
    if (!first) throw new Error('no demo listing')
    const sql = demoListingsSql([{ ...first, title: "Ravi's flat", imageUrls: [] }])
    expect(sql).toContain(`'Ravi''s flat'`)
    expect(sql).toContain(`'{}'::text[]`)
  })
})
