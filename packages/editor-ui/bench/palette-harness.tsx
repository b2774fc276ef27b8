/**
 * The page bench/palette.ts measures (built with the editor's own Vite config, served statically):
 * the command palette's list (app/palette/PaletteView.tsx) over a synthetic page of ELEMENTS elements,
 * the editor's actions and ROUTES routes, or a floor in its place. `?mode=`:
 * - `palette`: PaletteView in its Radix dialog, as the editor shows it (our filter, cmdk with
 *   `shouldFilter={false}`);
 * - `cmdk`: every element as a cmdk item, filtered by cmdk itself (what the palette would be without
 *   its own filter);
 * - `floor`: a React input whose every keystroke re-renders a list of 50 plain rows (the cost of a
 *   controlled input and a small list, what any keystroke in React costs at least).
 * - `cmdk-floor`: the palette's parts with nothing of ours: the same Radix dialog, cmdk with
 *   `shouldFilter={false}` and 16 rows styled as the palette's (an icon, a title), whose text is the
 *   query (what a keystroke costs at least in the parts the issue names).
 * Cmd/Ctrl+K opens the list (the index is made then, as in the editor), Escape closes it. Each
 * keystroke's time, from its keydown to the frame after the list showing its query (a task posted
 * from the next animation frame runs after that frame's paint), is pushed to `window.__marks`.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import { Zap } from 'lucide-react'
import { type ReactNode, StrictMode, useEffect, useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { DIALOG_CONTENT } from '../src/app/palette/CommandPalette.tsx'
import { PaletteView } from '../src/app/palette/PaletteView.tsx'
import { EDITOR_ACTIONS } from '../src/features/actions.ts'
import { shortcutOf } from '../src/features/commands.ts'
import { actionEntries, elementEntries, routeEntries } from '../src/features/palette-index.ts'
import '../src/styles.css'

const ELEMENTS = 5000
const ROUTES = 40
const WORDS = ['Teak', 'Sofa', 'Lamp', 'Desk', 'Chair', 'Shelf', 'Rug', 'Clock', 'Mirror', 'Bench']
const TAGS = ['li', 'span', 'span', 'button', 'p', 'em']

/** A page shaped like a long listing: sections of rows, each a component with a few elements. */
function syntheticTree(): { nodes: NavTreeNode[]; lookups: Map<string, { file: string; line: number }> } {
  const nodes: NavTreeNode[] = []
  const lookups = new Map<string, { file: string; line: number }>()
  const add = (name: string, parent: number | null, isComponent: boolean, text?: string) => {
    const index = nodes.length
    const codebaseId = `tempo-00000000-0000-4000-8000-${String(index % 900).padStart(12, '0')}`
    nodes.push({
      key: { codebaseId, storyboardId: 'main', uniquePath: `0-${index}` },
      parent,
      children: [],
      name,
      elementTagName: name,
      isComponent,
      ...(text ? { literalChildren: [text] } : {}),
      pageBoundingBox: { pageX: 0, pageY: index * 24, width: 1200, height: 24 },
      level: parent === null ? 0 : ((nodes[parent] as NavTreeNode).level ?? 0) + 1,
    })
    if (parent !== null) (nodes[parent] as NavTreeNode).children.push(index)
    if (index % 2 === 0)
      lookups.set(codebaseId, { file: `src/components/${name}.tsx`, line: 10 + (index % 80) })
    return index
  }
  const root = add('main', null, false)
  let section = root
  let row = root
  for (let n = 1; nodes.length < ELEMENTS; n++) {
    if (n % 300 === 1) section = add('Section', root, true, `Section ${Math.floor(n / 300)}`)
    if (n % 6 === 1) row = add('Row', section, true)
    else add(TAGS[n % TAGS.length] as string, row, false, `${WORDS[n % WORDS.length]} ${n}`)
  }
  return { nodes, lookups }
}

function Floor({ onQuery }: { onQuery?: (query: string) => void }) {
  const [query, setQuery] = useState('')
  const rows = useMemo(() => Array.from({ length: 50 }, (_, index) => `${query} row ${index}`), [query])
  return (
    <div>
      <input
        // biome-ignore lint/a11y/noAutofocus: the benchmark types into it at once
        autoFocus
        aria-label="Floor"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          onQuery?.(event.target.value)
        }}
      />
      <ul data-query={query}>
        {rows.map((text) => (
          <li key={text.slice(query.length)}>{text}</li>
        ))}
      </ul>
    </div>
  )
}

function CmdkFloor() {
  const [query, setQuery] = useState('')
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Content className={DIALOG_CONTENT} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command label="cmdk floor" shouldFilter={false} vimBindings={false} loop>
            <Command.Input value={query} onValueChange={setQuery} className="h-10 w-full px-3 text-[13px]" />
            <Command.List data-query={query} className="max-h-[480px] overflow-y-auto py-1">
              {Array.from({ length: 16 }, (_, slot) => (
                <Command.Item
                  // biome-ignore lint/suspicious/noArrayIndexKey: by slot, as the palette's rows
                  key={slot}
                  value={`row:${slot}`}
                  className="flex h-7 items-center gap-2 rounded px-2 text-[12px] data-[selected=true]:bg-[var(--selected)]"
                >
                  <Zap className="size-3.5 shrink-0 text-[var(--ink-3)]" aria-hidden="true" />
                  <span className="min-w-0 truncate">
                    {query} row {slot}
                  </span>
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function CmdkOwnFilter({ nodes }: { nodes: NavTreeNode[] }) {
  const [query, setQuery] = useState('')
  return (
    <Command label="cmdk filter" vimBindings={false}>
      <Command.Input autoFocus value={query} onValueChange={setQuery} />
      <Command.List data-query={query} className="max-h-[480px] overflow-y-auto">
        {nodes.map((node) => (
          <Command.Item key={node.key.uniquePath} value={`${node.name} ${node.key.uniquePath}`}>
            {node.name} {node.literalChildren?.[0]}
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  )
}

function Harness({ mode }: { mode: string }) {
  const [open, setOpen] = useState(false)
  const tree = useMemo(syntheticTree, [])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'k') {
        event.preventDefault()
        setOpen((now) => !now)
      }
      if (event.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  let body: ReactNode = null
  if (open)
    body =
      mode === 'floor' ? (
        <Floor />
      ) : mode === 'cmdk-floor' ? (
        <CmdkFloor />
      ) : mode === 'cmdk' ? (
        <CmdkOwnFilter nodes={tree.nodes} />
      ) : (
        <Palette tree={tree} />
      )
  return <div className="m-8 w-[600px] rounded-md border border-[var(--line)]">{body}</div>
}

/** As app/palette/CommandPalette.tsx makes the entries when it opens. */
function Palette({ tree }: { tree: ReturnType<typeof syntheticTree> }) {
  const actions = useMemo(
    () => actionEntries(EDITOR_ACTIONS, (action) => (action.command ? shortcutOf(action.command) : null)),
    [],
  )
  const elements = useMemo(() => elementEntries(tree.nodes, tree.lookups), [tree])
  const routes = useMemo(
    () =>
      routeEntries(
        ['/', '/search?q=sofa'],
        Array.from({ length: ROUTES }, (_, n) => ({
          path: n % 4 === 0 ? `/section-${n}/:id` : `/section-${n}`,
          file: 'src/App.tsx',
          line: 20 + n,
        })),
      ),
    [],
  )
  // In a Radix dialog as in the editor (it puts the focus in the field).
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Content className={DIALOG_CONTENT} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <PaletteView
            actions={actions}
            elements={elements}
            routes={routes}
            onAction={() => {}}
            onElement={() => {}}
            onAddress={() => {}}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

interface Mark {
  query: string | null
  ms: number
}
const marks: Mark[] = []
;(window as unknown as { __marks: Mark[] }).__marks = marks
let keyAt: number | null = null
let shown: string | null = null
addEventListener(
  'keydown',
  (event) => {
    keyAt = event.timeStamp
  },
  true,
)
new MutationObserver(() => {
  const query = document.querySelector('[data-query]')?.getAttribute('data-query') ?? null
  if (query === shown) return
  shown = query
  const start = keyAt
  if (start === null) return
  keyAt = null
  requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => marks.push({ query, ms: performance.now() - start })
    channel.port2.postMessage(null)
  })
}).observe(document.body, {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ['data-query'],
})

const mode = new URLSearchParams(location.search).get('mode') ?? 'palette'
createRoot(document.getElementById('editor') as HTMLElement).render(
  <StrictMode>
    <Harness mode={mode} />
  </StrictMode>,
)
