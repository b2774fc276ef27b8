export interface PriceRange {
  id: string
  label: string
  /** Inclusive bounds in rupees; null means unbounded on that side. */
  min: number | null
  max: number | null
}

/**
 * Bounds are inclusive at both ends, so both edge ranges hold their boundary ('the lowest range
 * means at most 1000', '100000-plus means at least 100000'); a price on a boundary matches both ranges.
 */
export const PRICE_RANGES: readonly PriceRange[] = [
  { id: 'all', label: 'All Prices', min: null, max: null },
  { id: '0-1000', label: 'Under ₹1,000', min: null, max: 1000 },
  { id: '1000-5000', label: '₹1,000 - ₹5,000', min: 1000, max: 5000 },
  { id: '5000-10000', label: '₹5,000 - ₹10,000', min: 5000, max: 10000 },
  { id: '10000-50000', label: '₹10,000 - ₹50,000', min: 10000, max: 50000 },
  { id: '50000-100000', label: '₹50,000 - ₹1,00,000', min: 50000, max: 100000 },
  { id: '100000-plus', label: 'Above ₹1,00,000', min: 100000, max: null },
]

export function findPriceRange(id: string | null | undefined): PriceRange {
  return PRICE_RANGES.find((range) => range.id === id) ?? (PRICE_RANGES[0] as PriceRange)
}

export function isInPriceRange(price: number, range: PriceRange): boolean {
  return (range.min === null || price >= range.min) && (range.max === null || price <= range.max)
}
