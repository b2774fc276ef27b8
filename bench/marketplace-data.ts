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
