/**
 * Tasks on the benchmark's own SaaS-shaped app (bench/fidelity/app): Tailwind classes, a CSS module, a
 * plain stylesheet and inline styles; comments in JSX and TypeScript; attributes split over lines, a
 * `return <header>` without parentheses, `{cond &&` with its element on the next line, arrow bodies
 * without parentheses, a generic component, mapped and conditional JSX.
 */
import type { EditTask } from '../task.ts'

const APP = 'src/App.tsx'
const SIDEBAR = 'src/components/Sidebar.tsx'
const TOP_BAR = 'src/components/TopBar.tsx'
const STAT_CARD = 'src/components/StatCard.tsx'
const BILLING = 'src/components/BillingPlans.tsx'
const TABLE = 'src/components/DataTable.tsx'
const INVITE = 'src/components/InviteDialog.tsx'
const ACTIVITY = 'src/components/ActivityFeed.tsx'
const EMPTY = 'src/components/EmptyState.tsx'
const SETTINGS = 'src/components/SettingsPanel.tsx'

const kpis = { tag: 'section', attr: 'grid grid-cols-1' }

export const APP_TASKS: readonly EditTask[] = [
  // App.tsx: the page, KPIs, a conditional table, sections behind `&&`.
  {
    name: 'heading text',
    kind: 'text',
    file: APP,
    element: { tag: 'h2', attr: 'customers-heading' },
    newText: 'All customers',
  },
  {
    name: 'class on main',
    kind: 'class-add',
    file: APP,
    element: { tag: 'main' },
    className: 'scroll-smooth',
  },
  {
    name: 'class off the root',
    kind: 'class-remove',
    file: APP,
    element: { tag: 'div', attr: 'min-h-screen' },
    className: 'antialiased',
  },
  {
    name: 'search width',
    kind: 'class-update',
    file: APP,
    element: { tag: 'input', attr: 'type="search"' },
    from: 'w-64',
    to: 'w-72',
  },
  { name: 'KPI gap', kind: 'style-tailwind', file: APP, element: kpis, styling: { gap: '24px' } },
  {
    name: 'heading letter spacing',
    kind: 'style-inline',
    file: APP,
    element: { tag: 'h2', attr: 'customers-heading' },
    styling: { letterSpacing: '0.01em' },
  },
  {
    name: 'card value',
    kind: 'prop',
    file: APP,
    element: { tag: 'StatCard', attr: 'Open tickets' },
    propName: 'value',
    propValue: '21',
  },
  {
    name: 'section to article',
    kind: 'tag',
    file: APP,
    element: { tag: 'section', attr: 'aria-labelledby' },
    newTag: 'article',
  },
  {
    name: 'divider after KPIs',
    kind: 'add',
    file: APP,
    element: { tag: 'main' },
    newElement: { nativeTag: 'hr' },
    propsToSet: { className: 'border-gray-200' },
    after: kpis,
  },
  {
    name: 'card first',
    kind: 'move',
    file: APP,
    element: { tag: 'StatCard', attr: 'Churn' },
    into: kpis,
    before: { tag: 'StatCard', attr: 'Monthly revenue' },
  },
  {
    name: 'feed above KPIs',
    kind: 'move',
    file: APP,
    element: { tag: 'ActivityFeed' },
    into: { tag: 'main' },
    before: kpis,
  },
  { name: 'card', kind: 'remove', file: APP, element: { tag: 'StatCard', attr: 'Open tickets' } },
  { name: 'conditional panel', kind: 'remove', file: APP, element: { tag: 'SettingsPanel' } },
  {
    name: 'two cards',
    kind: 'wrap',
    file: APP,
    element: { tag: 'StatCard', attr: 'Monthly revenue' },
    with: [{ tag: 'StatCard', attr: 'Active customers' }],
  },
  { name: 'card', kind: 'duplicate', file: APP, element: { tag: 'StatCard', attr: 'Churn' } },
  { name: 'ternary branch', kind: 'duplicate', file: APP, element: { tag: 'EmptyState' } },

  // Sidebar.tsx: long classNames, a mapped list, a comment above an element.
  {
    name: 'brand text',
    kind: 'text',
    file: SIDEBAR,
    element: { tag: 'span', text: '>Acme<' },
    newText: 'Acme Inc.',
  },
  {
    name: 'aside width',
    kind: 'class-update',
    file: SIDEBAR,
    element: { tag: 'aside' },
    from: 'w-60',
    to: 'w-64',
  },
  {
    name: 'round logo',
    kind: 'style-tailwind',
    file: SIDEBAR,
    element: { tag: 'span', text: '>A<' },
    styling: { borderRadius: '9999px' },
  },
  {
    name: 'nav label',
    kind: 'prop',
    file: SIDEBAR,
    element: { tag: 'nav' },
    propName: 'aria-label',
    propValue: 'Main',
  },
  {
    name: 'footer p to div',
    kind: 'tag',
    file: SIDEBAR,
    element: { tag: 'p', attr: 'px-2 text-xs' },
    newTag: 'div',
  },
  { name: 'nav', kind: 'wrap', file: SIDEBAR, element: { tag: 'nav' } },
  { name: 'spacer under a comment', kind: 'remove', file: SIDEBAR, element: { tag: 'div', attr: 'flex-1' } },

  // TopBar.tsx: `return <header>` without parentheses, split attributes, `{menuOpen &&` on its own line.
  {
    name: 'button text',
    kind: 'text',
    file: TOP_BAR,
    element: { tag: 'button', text: 'Invite teammate' },
    newText: 'Invite people',
  },
  { name: 'class on title', kind: 'class-add', file: TOP_BAR, element: { tag: 'h1' }, className: 'truncate' },
  {
    name: 'nowrap button',
    kind: 'style-inline',
    file: TOP_BAR,
    element: { tag: 'button', text: 'Invite teammate' },
    styling: { whiteSpace: 'nowrap' },
  },
  {
    name: 'avatar title',
    kind: 'prop',
    file: TOP_BAR,
    element: { tag: 'button', text: 'JD' },
    propName: 'title',
    propValue: 'Account',
  },
  { name: 'menu to ol', kind: 'tag', file: TOP_BAR, element: { tag: 'ul' }, newTag: 'ol' },
  {
    name: 'menu item',
    kind: 'add',
    file: TOP_BAR,
    element: { tag: 'ul' },
    newElement: { nativeTag: 'li' },
    propsToSet: { role: 'menuitem', className: 'px-3 py-1.5' },
    after: { tag: 'li', text: 'Profile' },
  },
  {
    name: 'menu item up',
    kind: 'move',
    file: TOP_BAR,
    element: { tag: 'li', text: 'Sign out' },
    into: { tag: 'ul' },
    before: { tag: 'li', text: 'Profile' },
  },
  { name: 'menu item', kind: 'remove', file: TOP_BAR, element: { tag: 'li', text: 'Sign out' } },
  { name: 'menu item', kind: 'duplicate', file: TOP_BAR, element: { tag: 'li', text: 'Profile' } },
  { name: 'title', kind: 'wrap', file: TOP_BAR, element: { tag: 'h1' } },

  // StatCard.tsx and its CSS module.
  {
    name: 'module card padding',
    kind: 'style-css',
    file: STAT_CARD,
    element: { tag: 'div' },
    styling: { padding: '20px' },
  },
  {
    name: 'module label colour',
    kind: 'style-css',
    file: STAT_CARD,
    element: { tag: 'p', attr: 'styles.label' },
    styling: { color: '#4b5563' },
  },
  {
    name: 'module card hover',
    kind: 'style-css',
    file: STAT_CARD,
    element: { tag: 'div' },
    styling: { borderColor: '#c7d2fe' },
    modifiers: ['hover'],
  },
  {
    name: 'trend style entries',
    kind: 'style-inline',
    file: STAT_CARD,
    element: { tag: 'p', attr: 'trendUp' },
    styling: { marginTop: '6', fontSize: 'TEMPO_DELETE_STYLE' },
  },

  // BillingPlans.tsx and its plain stylesheet; a `.map()` with an unparenthesized arrow body.
  {
    name: 'title size',
    kind: 'style-css',
    file: BILLING,
    element: { tag: 'h2' },
    styling: { fontSize: '1.25rem' },
  },
  {
    name: 'note colour',
    kind: 'style-css',
    file: BILLING,
    element: { tag: 'p', attr: 'billing-note' },
    styling: { color: '#6b7280' },
  },
  {
    name: 'button padding, no border',
    kind: 'style-css',
    file: BILLING,
    element: { tag: 'button' },
    styling: { padding: '10px 14px', border: 'TEMPO_DELETE_STYLE' },
  },
  {
    name: 'two-line text',
    kind: 'text',
    file: BILLING,
    element: { tag: 'p', attr: 'billing-subtitle' },
    newText: 'Switch or cancel at any time.',
  },
  { name: 'list style', kind: 'class-add', file: BILLING, element: { tag: 'ul' }, className: 'list-disc' },
  { name: 'period', kind: 'remove', file: BILLING, element: { tag: 'span', attr: 'plan-period' } },
  { name: 'card to div', kind: 'tag', file: BILLING, element: { tag: 'article' }, newTag: 'div' },
  { name: 'keyed feature', kind: 'duplicate', file: BILLING, element: { tag: 'li' } },
  { name: 'note', kind: 'wrap', file: BILLING, element: { tag: 'p', attr: 'billing-note' } },

  // DataTable.tsx: a generic component with inline styles.
  {
    name: 'caption digits',
    kind: 'style-inline',
    file: TABLE,
    element: { tag: 'p' },
    styling: { fontVariantNumeric: 'slashed-zero' },
  },
  {
    name: 'table text size',
    kind: 'class-update',
    file: TABLE,
    element: { tag: 'table' },
    from: 'text-sm',
    to: 'text-xs',
  },
  {
    name: 'header scope',
    kind: 'prop',
    file: TABLE,
    element: { tag: 'th' },
    propName: 'scope',
    propValue: 'colgroup',
  },
  {
    name: 'caption before head',
    kind: 'add',
    file: TABLE,
    element: { tag: 'table' },
    newElement: { nativeTag: 'caption' },
    before: { tag: 'thead' },
  },

  // InviteDialog.tsx: a fragment in a ternary, a keyed `.map()` root.
  {
    name: 'label text',
    kind: 'text',
    file: INVITE,
    element: { tag: 'label', text: 'Email address' },
    newText: 'Work email',
  },
  {
    name: 'not required',
    kind: 'prop',
    file: INVITE,
    element: { tag: 'input', attr: 'type="email"' },
    propName: 'required',
    remove: true,
  },
  {
    name: 'form shadow',
    kind: 'style-inline',
    file: INVITE,
    element: { tag: 'form' },
    styling: { boxShadow: 'none' },
  },
  {
    name: 'button colour',
    kind: 'class-update',
    file: INVITE,
    element: { tag: 'button', text: 'Send invite' },
    from: 'bg-indigo-600',
    to: 'bg-violet-600',
  },
  {
    name: 'cancel last',
    kind: 'move',
    file: INVITE,
    element: { tag: 'button', text: 'Cancel' },
    into: { tag: 'div', attr: 'justify-end' },
    after: { tag: 'button', text: 'Send invite' },
  },
  { name: 'legend', kind: 'remove', file: INVITE, element: { tag: 'legend' } },
  { name: 'keyed list entry', kind: 'wrap', file: INVITE, element: { tag: 'label', attr: 'key={option}' } },
  { name: 'title', kind: 'duplicate', file: INVITE, element: { tag: 'h2' } },

  // ActivityFeed.tsx: a keyed Fragment, `{" "}`, a comment above a link.
  { name: 'heading text', kind: 'text', file: ACTIVITY, element: { tag: 'h2' }, newText: 'Activity' },
  {
    name: 'class off the link',
    kind: 'class-remove',
    file: ACTIVITY,
    element: { tag: 'a' },
    className: 'inline-block',
  },
  { name: 'day to div', kind: 'tag', file: ACTIVITY, element: { tag: 'li', attr: 'text-xs' }, newTag: 'div' },
  {
    name: 'link with its comment',
    kind: 'move',
    file: ACTIVITY,
    element: { tag: 'a' },
    into: { tag: 'section' },
    before: { tag: 'ol' },
  },
  { name: 'name', kind: 'duplicate', file: ACTIVITY, element: { tag: 'span', attr: 'font-medium' } },
  { name: 'description', kind: 'remove', file: ACTIVITY, element: { tag: 'span', attr: 'text-gray-600' } },

  // EmptyState.tsx: an arrow component returning JSX directly.
  {
    name: 'class on title',
    kind: 'class-add',
    file: EMPTY,
    element: { tag: 'h3' },
    className: 'tracking-tight',
  },
  {
    name: 'stroke width',
    kind: 'prop',
    file: EMPTY,
    element: { tag: 'svg' },
    propName: 'strokeWidth',
    propValue: 2,
  },
  {
    name: 'top padding',
    kind: 'style-tailwind',
    file: EMPTY,
    element: { tag: 'div' },
    styling: { paddingTop: '64px' },
  },
  { name: 'conditional hint', kind: 'remove', file: EMPTY, element: { tag: 'p' } },

  // SettingsPanel.tsx: a line comment among attributes, a one-line style object.
  {
    name: 'gap as number',
    kind: 'style-inline',
    file: SETTINGS,
    element: { tag: 'div', attr: 'style=' },
    styling: { gap: '12' },
  },
  {
    name: 'label text',
    kind: 'text',
    file: SETTINGS,
    element: { tag: 'label', text: 'Workspace name' },
    newText: 'Name',
  },
  {
    name: 'value beside a comment',
    kind: 'prop',
    file: SETTINGS,
    element: { tag: 'input', attr: 'workspace-name' },
    propName: 'defaultValue',
    propValue: 'Acme Corporation',
  },
  {
    name: 'class beside a comment',
    kind: 'class-add',
    file: SETTINGS,
    element: { tag: 'input', attr: 'workspace-name' },
    className: 'w-full',
  },
  {
    name: 'reset last',
    kind: 'move',
    file: SETTINGS,
    element: { tag: 'button', attr: 'reset' },
    into: { tag: 'div', attr: 'style=' },
    after: { tag: 'button', attr: 'submit' },
  },
  { name: 'checkbox row', kind: 'wrap', file: SETTINGS, element: { tag: 'label', text: 'weekly digest' } },
  {
    name: 'checkbox row to another file',
    kind: 'move',
    file: SETTINGS,
    element: { tag: 'label', text: 'weekly digest' },
    into: { tag: 'div', file: EMPTY },
  },
]
