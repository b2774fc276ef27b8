import { describe, expect, test } from 'vitest'
import { CATEGORIES, findCategory } from '../../data/categories.ts'
import { categorySlug } from '../slug.ts'
import {
  categoryPageQuery,
  DEFAULT_CATEGORY_FILTERS,
  openingQuery,
  queryKey,
  searchPageQuery,
} from './opening-queries.ts'

// The first page main.tsx asks for must be the very question the page asks once mounted (the same
// key), or the page would ask again and the early start would be wasted.

const keyOf = (pathname: string, search = '') => {
  const query = openingQuery(pathname, search)
  return query ? queryKey(query) : null
}

describe('the opening query of an address', () => {
  test('/search and /listings: the search page with the URL’s q, category and location', () => {
    expect(keyOf('/search', '?q=%20phone%20&category=electronics&location=aland')).toBe(
      queryKey(searchPageQuery(new URLSearchParams('q=phone&category=Electronics&location=Aland'))),
    )
    expect(keyOf('/listings')).toBe(queryKey(searchPageQuery(new URLSearchParams())))
  })

  test('a category by id, by /category/:id and by its name’s slug, with ?subcategory= and ?featured=', () => {
    const electronics = findCategory('electronics')
    if (!electronics) throw new Error('electronics is a category')
    const params = new URLSearchParams('subcategory=mobile-phones')
    const expected = queryKey(categoryPageQuery(electronics, DEFAULT_CATEGORY_FILTERS, params))
    expect(keyOf('/electronics', '?subcategory=mobile-phones')).toBe(expected)
    expect(keyOf('/category/electronics', '?subcategory=mobile-phones')).toBe(expected)
    const food = CATEGORIES.find((category) => categorySlug(category.name) !== category.id)
    if (!food) throw new Error('some category has a slug of its name that is not its id')
    expect(keyOf(`/${categorySlug(food.name)}`)).toBe(
      queryKey(categoryPageQuery(food, DEFAULT_CATEGORY_FILTERS, new URLSearchParams())),
    )
  })

  test('other pages open with none', () => {
    for (const pathname of [
      '/',
      '/about',
      '/category/all',
      '/categories',
      '/listing/L1001',
      '/groceries',
      '/search/x',
    ])
      expect(openingQuery(pathname, ''), pathname).toBeNull()
  })
})
