import * as Tabs from '@radix-ui/react-tabs'
import { useState } from 'react'
import { HistoryPanel } from '../panels/history/HistoryPanel.tsx'
import { LayersPanel } from '../panels/LayersPanel.tsx'

const TAB_KEY = 'visual-edit:left-tab'
type Tab = 'layers' | 'history'

const TAB =
  'flex h-full items-center border-transparent border-b-2 px-2 font-semibold text-[12px] text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset data-[state=active]:border-accent data-[state=active]:text-[var(--ink)]'

/**
 * The left side: the Layers and History panels as tabs (Radix Tabs, like the right side), the last one
 * chosen kept for the next visit. Only the shown panel is mounted: the History panel follows the
 * server's history only while it is shown.
 */
export function LeftPanel() {
  const [tab, setTab] = useState<Tab>(() =>
    localStorage.getItem(TAB_KEY) === 'history' ? 'history' : 'layers',
  )
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        const next = value === 'history' ? 'history' : 'layers'
        setTab(next)
        localStorage.setItem(TAB_KEY, next)
      }}
      className="flex h-full flex-col bg-[var(--chrome)]"
    >
      <Tabs.List
        aria-label="Navigator"
        className="flex h-8 shrink-0 items-stretch gap-1 border-[var(--line)] border-b px-2"
      >
        <Tabs.Trigger value="layers" className={TAB}>
          Layers
        </Tabs.Trigger>
        <Tabs.Trigger value="history" className={TAB}>
          History
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="layers" className="min-h-0 flex-1 outline-none">
        <LayersPanel />
      </Tabs.Content>
      <Tabs.Content value="history" className="min-h-0 flex-1 outline-none">
        <HistoryPanel />
      </Tabs.Content>
    </Tabs.Root>
  )
}
