/**
 * docs/spec/marketplace.md section 3's category table, transcribed: each row's name, subcategories and
 * featured entries with their fixed counts, in the spec's order.
 */
export interface SpecCategory {
  name: string
  subcategories: readonly string[]
  featured: readonly (readonly [title: string, count: number])[]
}

export const SPEC_CATEGORIES: readonly SpecCategory[] = [
  {
    name: 'Real Estate',
    subcategories: ['Apartments', 'Houses', 'Plots', 'Commercial', 'PG & Roommates'],
    featured: [
      ['2BHK Apartments', 45],
      ['Rental Houses', 32],
    ],
  },
  {
    name: 'Vehicles',
    subcategories: ['Cars', 'Motorcycles', 'Scooters', 'Commercial Vehicles', 'Spare Parts'],
    featured: [
      ['Used Cars', 78],
      ['New Bikes', 53],
    ],
  },
  {
    name: 'Jobs',
    subcategories: [
      'IT & Software',
      'Sales & Marketing',
      'BPO & Customer Support',
      'Driver',
      'Office Assistant',
    ],
    featured: [
      ['Work from Home', 24],
      ['Part-time Jobs', 18],
    ],
  },
  {
    name: 'Electronics',
    subcategories: ['Mobiles', 'Laptops', 'TVs', 'Cameras', 'Computer Accessories'],
    featured: [
      ['Used Phones', 92],
      ['Gaming Laptops', 15],
    ],
  },
  {
    name: 'Services',
    subcategories: [
      'Home Services',
      'Electronics Repair',
      'Education & Classes',
      'Packers & Movers',
      'Health & Beauty',
    ],
    featured: [
      ['AC Repair', 37],
      ['Plumbing Services', 29],
    ],
  },
  {
    name: 'Shopping',
    subcategories: ['Clothing', 'Footwear', 'Accessories', 'Beauty Products', 'Toys & Games'],
    featured: [
      ["Women's Fashion", 64],
      ["Men's Watches", 41],
    ],
  },
  {
    name: 'Food & Dining',
    subcategories: ['Restaurants', 'Cafes', 'Food Delivery', 'Catering', 'Bakeries'],
    featured: [
      ['Home Chefs', 22],
      ['Tiffin Services', 19],
    ],
  },
  {
    name: 'Fashion',
    subcategories: ["Men's Clothing", "Women's Clothing", 'Kids Clothing', 'Jewelry', 'Watches'],
    featured: [
      ['Traditional Wear', 48],
      ['Designer Clothes', 27],
    ],
  },
  {
    name: 'Education',
    subcategories: [
      'Tutoring',
      'Coaching Centers',
      'Study Materials',
      'Online Courses',
      'Schools & Colleges',
    ],
    featured: [
      ['Entrance Exam Coaching', 31],
      ['Language Classes', 25],
    ],
  },
  {
    name: 'Furniture',
    subcategories: ['Beds', 'Sofas', 'Dining Tables', 'Wardrobes', 'Office Furniture'],
    featured: [
      ['Used Furniture', 53],
      ['Wooden Furniture', 38],
    ],
  },
]
