import type { AdminListingTab } from './admin-listings.ts'

/** The admin dashboard's sections (spec section 2); `?tab=` opens one, Dashboard first. */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'listings', label: 'Manage Listings' },
  { id: 'users', label: 'Manage Users' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'analytics', label: 'Analytics' },
] as const
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id']

/** Opens a section of /admin; Manage Listings on one of its tabs when `listingView` is given. */
export type OpenAdminSection = (section: AdminSectionId, listingView?: AdminListingTab) => void
