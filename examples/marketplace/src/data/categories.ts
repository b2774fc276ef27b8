import type { LucideIcon } from 'lucide-react'
import {
  Briefcase,
  Car,
  GraduationCap,
  Home,
  Laptop,
  Shirt,
  ShoppingBag,
  Sofa,
  UtensilsCrossed,
  Wrench,
} from 'lucide-react'

export interface FeaturedEntry {
  title: string
  /**
   * The spec's fixed figure for this entry. It is not a count of anything, so no page shows it: pages
   * show the real number of listings the entry's link leads to (lib/category-counts.ts).
   */
  count: number
}

export interface Category {
  id: string
  name: string
  icon: LucideIcon
  /** Short line for cards and heroes. */
  description: string
  subcategories: string[]
  featured: FeaturedEntry[]
}

/** The ten categories of the menu and the category routes, in menu order. */
export const CATEGORIES: readonly Category[] = [
  {
    id: 'real-estate',
    name: 'Real Estate',
    icon: Home,
    description: 'Apartments, houses, plots and commercial spaces across the district.',
    subcategories: ['Apartments', 'Houses', 'Plots', 'Commercial', 'PG & Roommates'],
    featured: [
      { title: '2BHK Apartments', count: 45 },
      { title: 'Rental Houses', count: 32 },
    ],
  },
  {
    id: 'vehicles',
    name: 'Vehicles',
    icon: Car,
    description: 'Cars, bikes, scooters and spare parts from local sellers.',
    subcategories: ['Cars', 'Motorcycles', 'Scooters', 'Commercial Vehicles', 'Spare Parts'],
    featured: [
      { title: 'Used Cars', count: 78 },
      { title: 'New Bikes', count: 53 },
    ],
  },
  {
    id: 'jobs',
    name: 'Jobs',
    icon: Briefcase,
    description: 'Full-time, part-time and work-from-home openings near you.',
    subcategories: [
      'IT & Software',
      'Sales & Marketing',
      'BPO & Customer Support',
      'Driver',
      'Office Assistant',
    ],
    featured: [
      { title: 'Work from Home', count: 24 },
      { title: 'Part-time Jobs', count: 18 },
    ],
  },
  {
    id: 'electronics',
    name: 'Electronics',
    icon: Laptop,
    description: 'Phones, laptops, TVs, cameras and accessories.',
    subcategories: ['Mobiles', 'Laptops', 'TVs', 'Cameras', 'Computer Accessories'],
    featured: [
      { title: 'Used Phones', count: 92 },
      { title: 'Gaming Laptops', count: 15 },
    ],
  },
  {
    id: 'services',
    name: 'Services',
    icon: Wrench,
    description: 'Repairs, movers, classes and home services you can trust.',
    subcategories: [
      'Home Services',
      'Electronics Repair',
      'Education & Classes',
      'Packers & Movers',
      'Health & Beauty',
    ],
    featured: [
      { title: 'AC Repair', count: 37 },
      { title: 'Plumbing Services', count: 29 },
    ],
  },
  {
    id: 'shopping',
    name: 'Shopping',
    icon: ShoppingBag,
    description: 'Clothing, footwear, beauty products, toys and more.',
    subcategories: ['Clothing', 'Footwear', 'Accessories', 'Beauty Products', 'Toys & Games'],
    featured: [
      { title: "Women's Fashion", count: 64 },
      { title: "Men's Watches", count: 41 },
    ],
  },
  {
    id: 'food',
    name: 'Food & Dining',
    icon: UtensilsCrossed,
    description: 'Restaurants, cafes, home chefs, tiffin and catering.',
    subcategories: ['Restaurants', 'Cafes', 'Food Delivery', 'Catering', 'Bakeries'],
    featured: [
      { title: 'Home Chefs', count: 22 },
      { title: 'Tiffin Services', count: 19 },
    ],
  },
  {
    id: 'fashion',
    name: 'Fashion',
    icon: Shirt,
    description: 'Traditional and designer wear, jewellery and watches.',
    subcategories: ["Men's Clothing", "Women's Clothing", 'Kids Clothing', 'Jewelry', 'Watches'],
    featured: [
      { title: 'Traditional Wear', count: 48 },
      { title: 'Designer Clothes', count: 27 },
    ],
  },
  {
    id: 'education',
    name: 'Education',
    icon: GraduationCap,
    description: 'Tutors, coaching centres, courses and study material.',
    subcategories: [
      'Tutoring',
      'Coaching Centers',
      'Study Materials',
      'Online Courses',
      'Schools & Colleges',
    ],
    featured: [
      { title: 'Entrance Exam Coaching', count: 31 },
      { title: 'Language Classes', count: 25 },
    ],
  },
  {
    id: 'furniture',
    name: 'Furniture',
    icon: Sofa,
    description: 'Beds, sofas, dining tables, wardrobes and office furniture.',
    subcategories: ['Beds', 'Sofas', 'Dining Tables', 'Wardrobes', 'Office Furniture'],
    featured: [
      { title: 'Used Furniture', count: 53 },
      { title: 'Wooden Furniture', count: 38 },
    ],
  },
]

/** The mega-menu's right area shows the first six categories. */
export const MENU_FEATURED_CATEGORY_COUNT = 6

export function findCategory(idOrName: string | null | undefined): Category | undefined {
  if (!idOrName) return undefined
  const needle = idOrName.toLowerCase()
  return CATEGORIES.find((category) => category.id === needle || category.name.toLowerCase() === needle)
}
