import * as Tabs from '@radix-ui/react-tabs'
import { lazy, Suspense, useEffect, useState } from 'react'
import { ElementPanel } from '../panels/ElementPanel.tsx'

/** The Styles panel is a chunk of its own (its pickers and lists), fetched once the editor is up. */
const loadStyles = () => import('../panels/styles/StylesPanel.tsx')
const StylesPanel = lazy(() => loadStyles().then((module) => ({ default: module.StylesPanel })))

const TAB_KEY = 'visual-edit:right-tab'
type Tab = 'element' | 'styles'

const TAB =
  'flex h-full items-center border-transparent border-b-2 px-2 font-semibold text-[12px] text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset data-[state=active]:border-accent data-[state=active]:text-[var(--ink)]'

/**
 * The right side: the Element and Styles panels as tabs (Radix Tabs: arrows move between the tabs,
 * the tab's panel follows), the last one chosen kept for the next visit. Only the shown panel is
 * mounted, so the Styles panel reads the page's styles only while it is shown.
 */
export function RightPanel() {
  const [tab, setTab] = useState<Tab>(() =>
    localStorage.getItem(TAB_KEY) === 'styles' ? 'styles' : 'element',
  )
  useEffect(() => {
    const idle = window.setTimeout(() => void loadStyles(), 1500)
    return () => window.clearTimeout(idle)
  }, [])
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        const next = value === 'styles' ? 'styles' : 'element'
        setTab(next)
        localStorage.setItem(TAB_KEY, next)
      }}
      className="flex h-full flex-col bg-[var(--chrome)]"
    >
      <Tabs.List
        aria-label="Inspector"
        className="flex h-8 shrink-0 items-stretch gap-1 border-[var(--line)] border-b px-2"
      >
        <Tabs.Trigger value="element" className={TAB}>
          Element
        </Tabs.Trigger>
        <Tabs.Trigger value="styles" className={TAB}>
          Styles
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="element" className="min-h-0 flex-1 outline-none">
        <ElementPanel />
      </Tabs.Content>
      <Tabs.Content value="styles" className="min-h-0 flex-1 outline-none">
        <Suspense
          fallback={
            <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-3)]">Loading the Styles panel…</p>
          }
        >
          <StylesPanel />
        </Suspense>
      </Tabs.Content>
    </Tabs.Root>
  )
}
