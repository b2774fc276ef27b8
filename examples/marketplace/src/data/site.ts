/** Site-wide facts the pages show. */
export const SITE = {
  name: 'Gulbarga Classifieds',
  tagline: 'Buy, sell and find anything in Gulbarga district',
  district: 'Gulbarga',
  email: 'support@gulbargaclassifieds.in',
  phone: '+91 84722 00000',
  address: 'Station Road, Gulbarga City, Karnataka 585101',
  /** The home page advertises 10,000+ listings; the hero statistics show these. */
  listingsAdvertised: '10,000+',
  heroStats: [
    { value: '5000+', label: 'Active Listings' },
    { value: '2000+', label: 'Registered Users' },
    { value: '100+', label: 'New Listings Daily' },
  ],
  businessHours: [
    { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
    { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  legalUpdated: 'June 15, 2024',
} as const
