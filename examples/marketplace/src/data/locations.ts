export interface Location {
  id: string
  name: string
}

/** 'All Locations' first, then the district's towns. */
export const LOCATIONS: readonly Location[] = [
  { id: 'all', name: 'All Locations' },
  { id: 'gulbarga-city', name: 'Gulbarga City' },
  { id: 'jewargi', name: 'Jewargi' },
  { id: 'chincholi', name: 'Chincholi' },
  { id: 'aland', name: 'Aland' },
  { id: 'afzalpur', name: 'Afzalpur' },
  { id: 'sedam', name: 'Sedam' },
]

export const ALL_LOCATIONS_ID = 'all'

export function findLocation(idOrName: string | null | undefined): Location | undefined {
  if (!idOrName) return undefined
  const needle = idOrName.toLowerCase()
  return LOCATIONS.find((location) => location.id === needle || location.name.toLowerCase() === needle)
}
