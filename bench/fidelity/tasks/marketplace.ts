/**
 * Tasks on the example marketplace (examples/marketplace/src, copied): Tailwind 4, lucide icons, react
 * router links, long classNames wrapped by the formatter, `{' '}` between inline elements, keyed
 * `.map()` roots, ternaries and `&&` in JSX, a two-line comment above a form.
 */
import type { EditTask } from '../task.ts'

const HERO = 'src/components/home/HeroSearch.tsx'
const PLANS = 'src/components/home/PricingPlans.tsx'
const ABOUT = 'src/pages/AboutPage.tsx'
const HEADER = 'src/components/layout/Header.tsx'
const CONTACT = 'src/pages/ContactPage.tsx'

const heroText = { tag: 'div', attr: 'max-w-3xl text-center' }
const stats = { tag: 'ul', attr: 'sm:grid-cols-3' }
const planCard = { tag: 'li', attr: 'data-testid' }
const safetyList = { tag: 'ul', attr: 'list-disc' }
const infoCards = { tag: 'div', attr: '"space-y-4"' }

export const MARKETPLACE_TASKS: readonly EditTask[] = [
  // HeroSearch.tsx
  {
    name: 'headline',
    kind: 'text',
    file: HERO,
    element: { tag: 'h1' },
    newText: 'Buy and Sell Anything Near You',
  },
  {
    name: 'class on headline',
    kind: 'class-add',
    file: HERO,
    element: { tag: 'h1' },
    className: 'drop-shadow-sm',
  },
  {
    name: 'class off the hero',
    kind: 'class-remove',
    file: HERO,
    element: { tag: 'section' },
    className: 'text-white',
  },
  {
    name: 'form shadow',
    kind: 'class-update',
    file: HERO,
    element: { tag: 'form' },
    from: 'shadow-lg',
    to: 'shadow-xl',
  },
  {
    name: 'button padding',
    kind: 'style-tailwind',
    file: HERO,
    element: { tag: 'button', attr: 'type="submit"' },
    styling: { paddingLeft: '32px', paddingRight: '32px' },
  },
  { name: 'stats row gap', kind: 'style-inline', file: HERO, element: stats, styling: { rowGap: '8px' } },
  {
    name: 'placeholder',
    kind: 'prop',
    file: HERO,
    element: { tag: 'input' },
    propName: 'placeholder',
    propValue: 'Search listings',
  },
  { name: 'h1 to h2', kind: 'tag', file: HERO, element: { tag: 'h1' }, newTag: 'h2' },
  {
    name: 'rule under the lead',
    kind: 'add',
    file: HERO,
    element: heroText,
    newElement: { nativeTag: 'hr' },
    propsToSet: { className: 'mx-auto mt-6 w-24 border-blue-400' },
  },
  {
    name: 'form with its comment after the stats',
    kind: 'move',
    file: HERO,
    element: { tag: 'form' },
    into: { tag: 'div', attr: 'max-w-7xl' },
    after: stats,
  },
  {
    name: 'stats above the form',
    kind: 'move',
    file: HERO,
    element: stats,
    into: { tag: 'div', attr: 'max-w-7xl' },
    before: { tag: 'form' },
  },
  {
    name: 'button icon',
    kind: 'remove',
    file: HERO,
    element: { tag: 'Search', attr: 'className="h-5 w-5"' },
  },
  {
    name: 'headline and lead',
    kind: 'wrap',
    file: HERO,
    element: { tag: 'h1' },
    with: [{ tag: 'p', attr: 'text-lg text-blue-100' }],
  },
  { name: 'first option', kind: 'duplicate', file: HERO, element: { tag: 'option', text: 'All Categories' } },
  { name: 'keyed stat', kind: 'duplicate', file: HERO, element: { tag: 'li', attr: 'stat.label' } },

  // PricingPlans.tsx
  { name: 'section title', kind: 'text', file: PLANS, element: { tag: 'h2' }, newText: 'Pick a Plan' },
  {
    name: 'lead on its own lines',
    kind: 'text',
    file: PLANS,
    element: { tag: 'p', text: 'Your first listing' },
    newText: 'The first listing is on us.',
  },
  {
    name: 'class off the badge',
    kind: 'class-remove',
    file: PLANS,
    element: { tag: 'span', text: 'Most Popular' },
    className: 'font-semibold',
  },
  {
    name: 'plan name leading',
    kind: 'style-inline',
    file: PLANS,
    element: { tag: 'h3' },
    styling: { lineHeight: '1.2' },
  },
  {
    name: 'button type',
    kind: 'prop',
    file: PLANS,
    element: { tag: 'button' },
    propName: 'type',
    propValue: 'submit',
  },
  { name: 'badge behind &&', kind: 'wrap', file: PLANS, element: { tag: 'span', text: 'Most Popular' } },
  { name: 'listing limit', kind: 'remove', file: PLANS, element: { tag: 'p', text: 'Listing limit' } },
  {
    name: 'description above the name',
    kind: 'move',
    file: PLANS,
    element: { tag: 'p', text: 'plan.description' },
    into: planCard,
    before: { tag: 'h3' },
  },

  // AboutPage.tsx
  {
    name: 'section title',
    kind: 'text',
    file: ABOUT,
    element: { tag: 'h2', text: 'How it works' },
    newText: 'How the marketplace works',
  },
  { name: 'ol to ul', kind: 'tag', file: ABOUT, element: { tag: 'ol' }, newTag: 'ul' },
  {
    name: 'step padding',
    kind: 'class-update',
    file: ABOUT,
    element: { tag: 'li', attr: 'bg-gray-50', nth: 1 },
    from: 'p-4',
    to: 'p-5',
  },
  { name: 'safety tip', kind: 'duplicate', file: ABOUT, element: { tag: 'li', text: 'Check the item' } },
  { name: 'safety tip', kind: 'remove', file: ABOUT, element: { tag: 'li', text: 'Be wary' } },
  {
    name: 'safety tip first',
    kind: 'move',
    file: ABOUT,
    element: { tag: 'li', text: 'Never share' },
    into: safetyList,
    before: { tag: 'li', text: 'Meet in a public' },
  },
  { name: 'empty tip', kind: 'add', file: ABOUT, element: safetyList, newElement: { nativeTag: 'li' } },
  {
    name: 'title margin',
    kind: 'style-tailwind',
    file: ABOUT,
    element: { tag: 'h2', text: 'How it works' },
    styling: { marginBottom: '8px' },
  },
  { name: 'inline link between spaces', kind: 'wrap', file: ABOUT, element: { tag: 'Link', attr: '/terms' } },
  {
    name: 'class on a link',
    kind: 'class-add',
    file: ABOUT,
    element: { tag: 'Link', attr: '/contact' },
    className: 'underline',
  },

  // Header.tsx
  {
    name: 'nav link text',
    kind: 'text',
    file: HEADER,
    element: { tag: 'NavLink', attr: '/about' },
    newText: 'About us',
  },
  {
    name: 'link target',
    kind: 'prop',
    file: HEADER,
    element: { tag: 'Link', attr: '/auth' },
    propName: 'to',
    propValue: '/login',
  },
  { name: 'conditional menu', kind: 'remove', file: HEADER, element: { tag: 'MobileMenu' } },
  {
    name: 'header background',
    kind: 'style-tailwind',
    file: HEADER,
    element: { tag: 'header' },
    styling: { backgroundColor: '#f9fafb' },
  },
  { name: 'nav to div', kind: 'tag', file: HEADER, element: { tag: 'nav' }, newTag: 'div' },
  { name: 'nav link', kind: 'duplicate', file: HEADER, element: { tag: 'NavLink', attr: '/contact' } },

  // ContactPage.tsx
  {
    name: 'form spacing',
    kind: 'class-update',
    file: CONTACT,
    element: { tag: 'form' },
    from: 'space-y-5',
    to: 'space-y-6',
  },
  {
    name: 'card order',
    kind: 'move',
    file: CONTACT,
    element: { tag: 'ContactInfoCard', attr: '"Email"' },
    into: infoCards,
    before: { tag: 'ContactInfoCard', attr: '"Phone"' },
  },
  { name: 'rows', kind: 'prop', file: CONTACT, element: { tag: 'textarea' }, propName: 'rows', propValue: 6 },
  { name: 'hours list', kind: 'wrap', file: CONTACT, element: { tag: 'dl' } },
  {
    name: 'address style',
    kind: 'style-inline',
    file: CONTACT,
    element: { tag: 'address' },
    styling: { fontStyle: 'normal', whiteSpace: 'pre-line' },
  },
]
