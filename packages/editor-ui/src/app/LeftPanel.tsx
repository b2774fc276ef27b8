import * as Tabs from '@radix-ui/react-tabs'
import { lazy, Suspense, useState } from 'react'
import { HistoryPanel } from '../panels/history/HistoryPanel.tsx'
import { LayersPanel } from '../panels/LayersPanel.tsx'
import { useEditorState } from '../session/session-context.tsx'

/** The Insert panel is a chunk of its own, fetched when its tab is first shown. */
const InsertPanel = lazy(() =>
  import('../panels/insert/InsertPanel.tsx').then((module) => ({ default: module.InsertPanel })),
)

const TAB_KEY = 'visual-edit:left-tab'
type Tab = 'layers' | 'insert' | 'history'
const TABS: readonly Tab[] = ['layers', 'insert', 'history']
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'layers'

const TAB =
  'flex h-full shrink-0 items-center border-transparent border-b-2 px-1.5 font-semibold text-[12px] text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset data-[state=active]:border-accent data-[state=active]:text-[var(--ink)]'

/**
 * The left side: the Layers, Insert and History panels as tabs (Radix Tabs, like the right side), the
 * last one chosen kept for the next visit. The History panel is mounted only while shown (it follows the server's
 * history only then); the layers stay mounted, hidden, so they keep where they were scrolled and what
 * was open. While an entry of the Insert panel is dragged the layers
 * show, so it can be dropped on one; the Insert panel comes back after.
 */
export function LeftPanel() {
  const [tab, setTab] = useState<Tab>(() => tabOf(localStorage.getItem(TAB_KEY)))
  const inserting = useEditorState((state) => state.insert.drag !== null)
  return (
    <Tabs.Root
      value={inserting ? 'layers' : tab}
      onValueChange={(value) => {
        const next = tabOf(value)
        setTab(next)
        localStorage.setItem(TAB_KEY, next)
      }}
      className="flex h-full flex-col bg-[var(--chrome)]"
    >
      <Tabs.List
        aria-label="Navigator"
        // Three tabs in the narrowest panel (160 px): they scroll rather than wrap or cut.
        className="flex h-8 shrink-0 items-stretch gap-0.5 overflow-x-auto border-[var(--line)] border-b px-1.5 [scrollbar-width:none]"
      >
        <Tabs.Trigger value="layers" className={TAB}>
          Layers
        </Tabs.Trigger>
        <Tabs.Trigger value="insert" className={TAB}>
          Insert
        </Tabs.Trigger>
        <Tabs.Trigger value="history" className={TAB}>
          History
        </Tabs.Trigger>
      </Tabs.List>
      <div className="relative min-h-0 flex-1">
        <Tabs.Content
          value="layers"
          forceMount
          className="absolute inset-0 outline-none data-[state=inactive]:invisible"
        >
          <LayersPanel />
        </Tabs.Content>
        <Tabs.Content value="insert" className="absolute inset-0 outline-none">
          <Suspense
            fallback={
              <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-3)]">Loading the Insert panel…</p>
            }
          >
            <InsertPanel />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="history" className="absolute inset-0 outline-none">
          <HistoryPanel />
        </Tabs.Content>
      </div>
    </Tabs.Root>
  )
}
