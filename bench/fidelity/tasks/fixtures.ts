/**
 * Tasks on the fixture projects the end-to-end tests run (tests/fixtures/projects, copied): Tailwind 3
 * through its config with CRLF sources (vite5-tailwind3), Tailwind 4.0 and 4.1, an admin dashboard with
 * long unformatted lines, and plain CSS with a CSS module and inline styles (vite8-plain-css).
 */
import type { EditTask } from '../task.ts'

export const VITE5_TAILWIND3_TASKS: readonly EditTask[] = [
  {
    name: 'CRLF heading',
    kind: 'text',
    file: 'src/App.jsx',
    element: { tag: 'h1' },
    newText: 'Vite 5 and Tailwind 3',
  },
  { name: 'CRLF class', kind: 'class-add', file: 'src/App.jsx', element: { tag: 'p' }, className: 'italic' },
  {
    name: 'CRLF font size (Tailwind 3)',
    kind: 'style-tailwind',
    file: 'src/App.jsx',
    element: { tag: 'h1' },
    styling: { fontSize: '24px' },
  },
  {
    name: 'CRLF paragraph last',
    kind: 'move',
    file: 'src/App.jsx',
    element: { tag: 'p' },
    into: { tag: 'main' },
    after: { tag: 'button' },
  },
  { name: 'CRLF badge', kind: 'duplicate', file: 'src/App.jsx', element: { tag: 'Badge' } },
  { name: 'CRLF heading', kind: 'wrap', file: 'src/App.jsx', element: { tag: 'h1' } },
  { name: 'CRLF paragraph', kind: 'remove', file: 'src/App.jsx', element: { tag: 'p' } },
  {
    name: 'CRLF badge label',
    kind: 'prop',
    file: 'src/App.jsx',
    element: { tag: 'Badge' },
    propName: 'label',
    propValue: 'beta',
  },
  {
    name: 'pill class',
    kind: 'class-remove',
    file: 'src/Badge.jsx',
    element: { tag: 'span' },
    className: 'rounded',
  },
  { name: 'pill to strong', kind: 'tag', file: 'src/Badge.jsx', element: { tag: 'span' }, newTag: 'strong' },
]

export const VITE6_DASHBOARD_TASKS: readonly EditTask[] = [
  {
    name: 'heading',
    kind: 'text',
    file: 'src/App.tsx',
    element: { tag: 'h1' },
    newText: 'Revenue dashboard',
  },
  {
    name: 'grid columns',
    kind: 'class-update',
    file: 'src/App.tsx',
    element: { tag: 'section' },
    from: 'grid-cols-3',
    to: 'grid-cols-2',
  },
  {
    name: 'card value',
    kind: 'prop',
    file: 'src/App.tsx',
    element: { tag: 'StatCard', attr: 'Orders' },
    propName: 'value',
    propValue: '320',
  },
  {
    name: 'new card',
    kind: 'add',
    file: 'src/App.tsx',
    element: { tag: 'section' },
    newElement: { componentName: 'StatCard' },
    propsToSet: { title: 'Refunds', value: '4' },
  },
  {
    name: 'calendar frame',
    kind: 'style-inline',
    file: 'src/App.tsx',
    element: { tag: 'div', attr: 'rounded-lg bg-white' },
    styling: { minHeight: '380px' },
  },
  { name: 'logo', kind: 'remove', file: 'src/App.tsx', element: { tag: 'Logo' } },
  {
    name: 'long button line',
    kind: 'class-add',
    file: 'src/App.tsx',
    element: { tag: 'button' },
    className: 'shadow',
  },
  {
    name: 'card title size',
    kind: 'style-tailwind',
    file: 'src/StatCard.tsx',
    element: { tag: 'p', attr: 'text-gray-500' },
    styling: { fontSize: '12px' },
  },
]

export const VITE6_TAILWIND40_TASKS: readonly EditTask[] = [
  { name: 'keyed list entry', kind: 'wrap', file: 'src/App.tsx', element: { tag: 'li' } },
  { name: 'heading', kind: 'duplicate', file: 'src/App.tsx', element: { tag: 'h1' } },
  {
    name: 'list spacing',
    kind: 'class-add',
    file: 'src/App.tsx',
    element: { tag: 'ul' },
    className: 'space-y-1',
  },
]

export const VITE7_TAILWIND41_TASKS: readonly EditTask[] = [
  { name: 'lead', kind: 'text', file: 'src/App.tsx', element: { tag: 'p' }, newText: 'Edited visually.' },
  { name: 'main to section', kind: 'tag', file: 'src/App.tsx', element: { tag: 'main' }, newTag: 'section' },
  {
    name: 'hover colour',
    kind: 'style-tailwind',
    file: 'src/App.tsx',
    element: { tag: 'h1' },
    styling: { color: '#047857' },
    modifiers: ['hover'],
  },
]

export const VITE7_ADMIN_TASKS: readonly EditTask[] = [
  { name: 'keyed card in a map', kind: 'duplicate', file: 'src/App.tsx', element: { tag: 'StatCard' } },
  {
    name: 'lead above the heading',
    kind: 'move',
    file: 'src/App.tsx',
    element: { tag: 'p', text: 'transformed panel' },
    into: { tag: 'div', attr: 'revenue-panel' },
    before: { tag: 'h2', attr: 'transformed-heading' },
  },
  {
    name: 'class off a 140-column line',
    kind: 'class-remove',
    file: 'src/components/Header.tsx',
    element: { tag: 'header' },
    className: 'backdrop-blur',
  },
  {
    name: 'button',
    kind: 'remove',
    file: 'src/components/Header.tsx',
    element: { tag: 'button', attr: 'delete-button' },
  },
  {
    name: 'logo link',
    kind: 'prop',
    file: 'src/components/Sidebar.tsx',
    element: { tag: 'a', attr: 'sidebar-logo' },
    propName: 'href',
    propValue: '/home',
  },
  {
    name: 'sidebar heading',
    kind: 'text',
    file: 'src/components/Sidebar.tsx',
    element: { tag: 'h2' },
    newText: 'Team',
  },
  { name: 'form title', kind: 'wrap', file: 'src/settings/SettingsForm.tsx', element: { tag: 'h2' } },
  {
    name: 'input corners',
    kind: 'style-tailwind',
    file: 'src/settings/FieldRow.tsx',
    element: { tag: 'input' },
    styling: { borderRadius: '4px' },
  },
  {
    name: 'help text',
    kind: 'text',
    file: 'src/components/HelpWidget.tsx',
    element: { tag: 'p' },
    newText: 'Chat with us.',
  },
  {
    name: 'invite input',
    kind: 'prop',
    file: 'src/components/InviteModal.tsx',
    element: { tag: 'input' },
    propName: 'placeholder',
    propValue: 'you@example.com',
  },
]

export const VITE8_PLAIN_CSS_TASKS: readonly EditTask[] = [
  {
    name: 'title size',
    kind: 'style-css',
    file: 'src/App.tsx',
    element: { tag: 'h1' },
    styling: { fontSize: '22px' },
  },
  {
    name: 'module card padding',
    kind: 'style-css',
    file: 'src/Card.tsx',
    element: { tag: 'section' },
    styling: { padding: '20px' },
  },
  {
    name: 'existing hover rule',
    kind: 'style-css',
    file: 'src/App.tsx',
    element: { tag: 'button' },
    styling: { background: '#1e40af' },
    modifiers: ['hover'],
  },
  {
    name: 'sidebar width',
    kind: 'style-css',
    file: 'src/App.tsx',
    element: { tag: 'nav' },
    styling: { width: '220px', zIndex: 'TEMPO_DELETE_STYLE' },
  },
  {
    name: 'numeric padding',
    kind: 'style-inline',
    file: 'src/App.tsx',
    element: { tag: 'div', attr: 'style=' },
    styling: { padding: '16' },
  },
  {
    name: 'last entry removed',
    kind: 'style-inline',
    file: 'src/App.tsx',
    element: { tag: 'p', attr: 'style=' },
    styling: { margin: 'TEMPO_DELETE_STYLE' },
  },
  {
    name: 'class without Tailwind',
    kind: 'class-add',
    file: 'src/App.tsx',
    element: { tag: 'header' },
    className: 'is-sticky',
  },
  { name: 'badge text', kind: 'text', file: 'src/App.tsx', element: { tag: 'Badge' }, newText: 'Live mode' },
  { name: 'card title', kind: 'tag', file: 'src/Card.tsx', element: { tag: 'h2' }, newTag: 'h3' },
  {
    name: 'cards',
    kind: 'wrap',
    file: 'src/App.tsx',
    element: { tag: 'Card', attr: 'Store' },
    with: [{ tag: 'Card', attr: 'Payments' }],
  },
]

export const VITE8_TAILWIND4_TASKS: readonly EditTask[] = [
  {
    name: 'heading colour',
    kind: 'class-update',
    file: 'src/App.tsx',
    element: { tag: 'h1' },
    from: 'text-violet-700',
    to: 'text-violet-800',
  },
  { name: 'lead', kind: 'duplicate', file: 'src/App.tsx', element: { tag: 'p' } },
]
