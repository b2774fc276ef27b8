import { CATEGORIES } from '../data/categories.ts'

/**
 * The hero search's category slug: lowercased, ' & ' becomes '-', spaces become '-'.
 *   'Food & Dining' -> 'food-dining', 'Real Estate' -> 'real-estate'
 */
export function categorySlug(name: string): string {
  return name.toLowerCase().replaceAll(' & ', '-').replaceAll(' ', '-')
}

/**
 * The category id a path segment lands on: a category id itself, or any slug the hero rule produces
 * for a category name ('/food-dining' is an alias of '/food').
 */
export function categoryIdForSlug(slug: string): string | undefined {
  const needle = slug.toLowerCase()
  return CATEGORIES.find((category) => category.id === needle || categorySlug(category.name) === needle)?.id
}

/** Query value of a subcategory or featured link: lowercased, spaces become hyphens ('PG & Roommates' -> 'pg-&-roommates'). */
export function toQueryValue(name: string): string {
  return name.toLowerCase().trim().replace(/\s+/g, '-')
}

/** Inverse reading of {@link toQueryValue}: hyphens are read as spaces. */
export function fromQueryValue(value: string): string {
  return value.replaceAll('-', ' ').trim()
}

/** `/{categoryId}?subcategory=...` */
export function subcategoryHref(categoryId: string, subcategory: string): string {
  return `/${categoryId}?${new URLSearchParams({ subcategory: toQueryValue(subcategory) })}`
}

/** `/{categoryId}?featured=...` */
export function featuredHref(categoryId: string, title: string): string {
  return `/${categoryId}?${new URLSearchParams({ featured: toQueryValue(title) })}`
}
