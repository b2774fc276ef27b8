import { describe, expect, test } from 'vitest'
import type { Plan } from '../../data/plans.ts'
import {
  addFeature,
  changeFeature,
  checkPlanDraft,
  draftOf,
  type PlanDraft,
  planErrorField,
  removeFeature,
  wholeNumber,
} from './admin-plans.ts'

const basic: Plan = {
  id: 'basic',
  name: 'Basic',
  price: 499,
  period: 'month',
  listingLimit: 5,
  description: 'For regular sellers.',
  features: [
    { name: 'Up to 5 active listings', included: true },
    { name: 'Featured listings', included: false },
  ],
  isPopular: true,
  isActive: true,
  buttonText: 'Choose Basic',
}

const problemsOf = (draft: PlanDraft, planId: string | null = null) => {
  const checked = checkPlanDraft(draft, planId)
  return checked.ok ? null : checked.problems
}

describe('the plan form', () => {
  test('a plan edited unchanged is sent as it is', () => {
    const checked = checkPlanDraft(draftOf(basic), 'basic')
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Basic',
        price: 499,
        period: 'month',
        listingLimit: 5,
        features: basic.features,
        isPopular: true,
        isActive: true,
        description: 'For regular sellers.',
        buttonText: 'Choose Basic',
      },
    })
  })

  test('Create New Plan starts monthly, active, with one empty feature row, and says what is missing', () => {
    const draft = draftOf(null)
    expect(draft).toMatchObject({ period: 'month', isActive: true, isPopular: false, unlimited: false })
    expect(draft.features).toEqual([{ key: 1, name: '', included: true }])
    expect(problemsOf(draft)).toEqual({
      fields: {
        name: "Enter the plan's name",
        price: 'Enter the price in whole rupees, 0 or more (such as 499)',
        listingLimit: 'Enter how many listings the plan allows (1 or more), or tick Unlimited',
      },
      features: { 1: 'Name this feature or remove it' },
    })
  })

  test('Unlimited sends -1 and keeps the number typed for when it is unticked', () => {
    const draft = { ...draftOf(basic), unlimited: true }
    expect(draft.listingLimit).toBe('5')
    const checked = checkPlanDraft(draft, 'basic')
    expect(checked.ok && checked.input.listingLimit).toBe(-1)
    expect(draftOf({ ...basic, listingLimit: -1 })).toMatchObject({ unlimited: true, listingLimit: '' })
  })

  test('numbers: whole rupees with or without grouping; no paise, signs or words; a limit of 1 or more', () => {
    expect(wholeNumber(' 1,999 ')).toBe(1999)
    expect(wholeNumber('1,00,000')).toBe(100000)
    for (const text of ['', '4.5', '-1', '12abc', '₹499']) expect(wholeNumber(text)).toBeNull()
    expect(problemsOf({ ...draftOf(basic), price: '499.50' })?.fields.price).toMatch(/whole rupees/)
    expect(problemsOf({ ...draftOf(basic), price: '10000000000' })?.fields.price).toBe(
      'The price is at most ₹9,99,99,99,999',
    )
    expect(problemsOf({ ...draftOf(basic), listingLimit: '0' })?.fields.listingLimit).toMatch(/1 or more/)
    expect(problemsOf({ ...draftOf(basic), listingLimit: '3000000000' })?.fields.listingLimit).toMatch(
      /at most 2,14,74,83,647/,
    )
  })

  test('lengths: name 60, description 500, button text 40, as the database allows', () => {
    const problems = problemsOf({
      ...draftOf(basic),
      name: 'n'.repeat(61),
      description: 'd'.repeat(501),
      buttonText: 'b'.repeat(41),
    })
    expect(problems?.fields).toEqual({
      name: 'The name is at most 60 characters (it has 61)',
      description: 'The description is at most 500 characters (it has 501)',
      buttonText: 'The button text is at most 40 characters (it has 41)',
    })
    expect(problemsOf({ ...draftOf(basic), name: '   ' })?.fields.name).toBe("Enter the plan's name")
  })

  test('the Free plan stays free, forever and active whatever the form says', () => {
    const free: Plan = { ...basic, id: 'free', name: 'Free', price: 0, period: 'forever', isPopular: false }
    expect(problemsOf({ ...draftOf(free), price: '10' }, 'free')?.fields.price).toBe(
      'The Free plan stays free: its price is 0',
    )
    const checked = checkPlanDraft({ ...draftOf(free), period: 'month', isActive: false }, 'free')
    expect(checked.ok && [checked.input.period, checked.input.isActive]).toEqual(['forever', true])
  })

  test('features: added, changed and removed by row; names trimmed; blanks, repeats and long names refused', () => {
    let features = addFeature(draftOf(basic).features)
    expect(features.map((feature) => feature.key)).toEqual([1, 2, 3])
    features = changeFeature(features, 3, { name: '  Ad-free  ' })
    features = changeFeature(features, 2, { included: true })
    expect(features.slice(1)).toEqual([
      { key: 2, name: 'Featured listings', included: true },
      { key: 3, name: '  Ad-free  ', included: true },
    ])
    const checked = checkPlanDraft({ ...draftOf(basic), features }, 'basic')
    expect(checked.ok && checked.input.features.map((feature) => feature.name)).toEqual([
      'Up to 5 active listings',
      'Featured listings',
      'Ad-free',
    ])
    // A removed row's key is not given again while a higher one stays.
    features = removeFeature(features, 2)
    expect(addFeature(features).map((feature) => feature.key)).toEqual([1, 3, 4])

    const bad = [
      { key: 1, name: 'Ad-free', included: true },
      { key: 2, name: ' ad-free ', included: false },
      { key: 3, name: 'x'.repeat(101), included: true },
      { key: 4, name: ' ', included: true },
    ]
    expect(problemsOf({ ...draftOf(basic), features: bad })?.features).toEqual({
      2: 'This feature is listed already',
      3: "A feature's name is at most 100 characters",
      4: 'Name this feature or remove it',
    })
    const many = Array.from({ length: 21 }, (_, index) => ({
      key: index + 1,
      name: `F${index}`,
      included: true,
    }))
    expect(problemsOf({ ...draftOf(basic), features: many })?.fields.features).toBe(
      'A plan lists at most 20 features',
    )
    expect(checkPlanDraft({ ...draftOf(basic), features: [] }, 'basic').ok).toBe(true)
  })

  test("the database's messages go to their field; others to the form", () => {
    expect(planErrorField("A plan's price is 0 or more rupees (below 10,000,000,000)")).toBe('price')
    expect(planErrorField("A plan's listing limit is -1 (unlimited) or at least 1")).toBe('listingLimit')
    expect(planErrorField("A plan's features are a list of at most 20 { name ... }")).toBe('features')
    expect(planErrorField("A plan's button text is at most 40 characters")).toBe('buttonText')
    expect(planErrorField('No plan gold')).toBeNull()
    expect(planErrorField('Only an admin can create or edit plans')).toBeNull()
  })
})
