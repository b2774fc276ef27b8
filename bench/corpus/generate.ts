/**
 * Writes a deterministic corpus of realistic React + TypeScript components for the benchmarks:
 * imports, prop interfaces, hooks, handlers, `.map()` lists, ternaries, `&&` guards, Tailwind
 * classNames (plain, template and `cn()`), inline styles, comments, JSX in props, fragments and
 * member-expression components. Sizes range from a handful of elements to about 400.
 *
 *   tsx bench/corpus/generate.ts [outDir] [fileCount]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** mulberry32: small, fast, good enough for reproducible synthetic code. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const TAGS = [
  'div',
  'section',
  'span',
  'p',
  'ul',
  'li',
  'button',
  'header',
  'footer',
  'article',
  'nav',
  'h2',
  'h3',
  'label',
  'a',
]
const LEAF_TAGS = ['img', 'input', 'hr', 'br']
const COMPONENTS = ['Card', 'Badge', 'Button', 'Avatar', 'Tooltip', 'Icon', 'Link', 'Price', 'Stat']
const MEMBER_COMPONENTS = ['Tabs.List', 'Tabs.Trigger', 'Dialog.Content', 'Select.Item', 'Card.Header']
const CLASSES = [
  'flex',
  'grid',
  'items-center',
  'justify-between',
  'gap-2',
  'gap-4',
  'p-4',
  'px-6',
  'py-2',
  'mt-4',
  'mb-2',
  'rounded-lg',
  'rounded-full',
  'border',
  'border-gray-200',
  'bg-white',
  'bg-blue-600',
  'text-white',
  'text-sm',
  'text-gray-600',
  'font-semibold',
  'shadow-sm',
  'hover:shadow-md',
  'md:grid-cols-3',
  'lg:px-8',
  'w-full',
  'h-48',
  'object-cover',
  'truncate',
  'space-y-2',
  'transition-colors',
  'hover:bg-blue-700',
  'dark:bg-gray-900',
]
const WORDS = [
  'Listings',
  'Featured',
  'Price',
  'Location',
  'Contact seller',
  'Save',
  'Share',
  'Report',
  'Details',
  'Description',
  'Popular in Electronics',
  'Safety tips',
  'View all',
  'Newest first',
  'Sign in',
  'Register',
  'Plans',
  'Categories',
]

export interface CorpusFile {
  name: string
  code: string
}

export function generateCorpus(fileCount: number, seed = 20261122): CorpusFile[] {
  const random = createRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const chance = (p: number) => random() < p

  function classList(): string {
    const count = 1 + Math.floor(random() * 6)
    const chosen = new Set<string>()
    while (chosen.size < count) chosen.add(pick(CLASSES))
    return [...chosen].join(' ')
  }

  function attributes(): string {
    const parts: string[] = []
    const style = random()
    if (style < 0.6) parts.push(`className="${classList()}"`)
    else if (style < 0.75) parts.push(`className={\`${classList()} \${active ? '${pick(CLASSES)}' : ''}\`}`)
    else if (style < 0.85) parts.push(`className={cn('${classList()}', selected && '${pick(CLASSES)}')}`)
    if (chance(0.15)) parts.push(`style={{ minHeight: ${Math.floor(random() * 400)}, color: 'var(--fg)' }}`)
    if (chance(0.2)) parts.push(`onClick={() => setActive((value) => !value)}`)
    if (chance(0.1)) parts.push(`aria-label="${pick(WORDS)}"`)
    if (chance(0.08)) parts.push(`data-testid="${pick(WORDS).toLowerCase().replace(/\s+/g, '-')}"`)
    return parts.length ? ` ${parts.join(' ')}` : ''
  }

  function child(depth: number, budget: { left: number }, indent: string): string {
    const roll = random()
    if (depth > 5 || budget.left <= 0 || roll < 0.25) {
      const text = random()
      if (text < 0.5) return `${indent}${pick(WORDS)}`
      if (text < 0.8)
        return `${indent}{${pick(['item.title', 'listing.location', 'formatPrice(item.price)', 'count', 'user?.name ?? "Guest"'])}}`
      budget.left -= 1
      return `${indent}<${pick(LEAF_TAGS)}${attributes()} />`
    }
    if (roll < 0.35) {
      budget.left -= 1
      const name = pick(COMPONENTS)
      const icon = chance(0.3) ? ` icon={<Icon name="${pick(['star', 'map-pin', 'heart'])}" />}` : ''
      if (icon) budget.left -= 1
      return `${indent}<${name}${attributes()}${icon} />`
    }
    if (roll < 0.45) {
      return [
        `${indent}{items.map((item) => (`,
        element(depth + 1, budget, `${indent}  `, ` key={item.id}`),
        `${indent}))}`,
      ].join('\n')
    }
    if (roll < 0.52) {
      return [
        `${indent}{open ? (`,
        element(depth + 1, budget, `${indent}  `),
        `${indent}) : (`,
        element(depth + 1, budget, `${indent}  `),
        `${indent})}`,
      ].join('\n')
    }
    if (roll < 0.58) {
      return [`${indent}{count > 0 && (`, element(depth + 1, budget, `${indent}  `), `${indent})}`].join('\n')
    }
    if (roll < 0.61) {
      return [`${indent}{/* ${pick(WORDS)} */}`, element(depth + 1, budget, indent)].join('\n')
    }
    if (roll < 0.64) {
      return [`${indent}<>`, element(depth + 1, budget, `${indent}  `), `${indent}</>`].join('\n')
    }
    return element(depth + 1, budget, indent)
  }

  function element(depth: number, budget: { left: number }, indent: string, extra = ''): string {
    budget.left -= 1
    const member = chance(0.05)
    const tag = member ? pick(MEMBER_COMPONENTS) : pick(TAGS)
    const childCount = Math.floor(random() * 4)
    if (childCount === 0) return `${indent}<${tag}${extra}${attributes()} />`
    const children: string[] = []
    for (let i = 0; i < childCount; i++) children.push(child(depth, budget, `${indent}  `))
    return [`${indent}<${tag}${extra}${attributes()}>`, ...children, `${indent}</${tag}>`].join('\n')
  }

  function component(index: number, size: number): string {
    const name = `Panel${index}`
    const budget = { left: size }
    const roots: string[] = []
    while (budget.left > 0) roots.push(child(0, budget, '        '))
    return [
      `interface ${name}Props {`,
      '  items: Item[]',
      '  listing: Listing',
      '  user?: { name: string } | null',
      `  onSelect?: (id: string) => void`,
      '}',
      '',
      `export function ${name}({ items, listing, user, onSelect }: ${name}Props) {`,
      '  const [active, setActive] = useState(false)',
      '  const [open, setOpen] = useState<boolean>(false)',
      '  const selected = useMemo(() => items.some((item) => item.id === listing.id), [items, listing.id])',
      '  const count = items.length',
      '  useEffect(() => {',
      '    if (selected) onSelect?.(listing.id)',
      '  }, [selected, onSelect, listing.id])',
      '',
      '  if (!listing) return null',
      '',
      '  return (',
      '    <div className="container mx-auto px-4">',
      `      <h2 className="text-2xl font-bold">${pick(WORDS)}</h2>`,
      '      <div onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>',
      ...roots,
      '      </div>',
      '    </div>',
      '  )',
      '}',
    ].join('\n')
  }

  const files: CorpusFile[] = []
  for (let i = 0; i < fileCount; i++) {
    // Mostly small and mid-sized components, a long tail of large pages.
    const roll = random()
    const size =
      roll < 0.5
        ? 10 + Math.floor(random() * 40)
        : roll < 0.9
          ? 50 + Math.floor(random() * 100)
          : 150 + Math.floor(random() * 250)
    const parts = [
      `import { useEffect, useMemo, useState } from 'react'`,
      `import { Avatar, Badge, Button, Card, Dialog, Icon, Link, Price, Select, Stat, Tabs, Tooltip } from '../ui'`,
      `import { cn, formatPrice } from '../lib/utils'`,
      `import type { Item, Listing } from '../types'`,
      '',
      `/** Generated component ${i}: ${size} elements. */`,
      component(i, size),
      '',
    ]
    files.push({ name: `component-${String(i).padStart(3, '0')}.tsx`, code: parts.join('\n') })
  }
  return files
}

function main(): void {
  const outDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', '.corpus'))
  const count = Number(process.argv[3] ?? 240)
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  for (const file of generateCorpus(count)) writeFileSync(path.join(outDir, file.name), file.code)
  console.log(`wrote ${count} files to ${outDir}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main()
