import * as Tabs from '@radix-ui/react-tabs'
import { lazy, Suspense, useEffect, useState } from 'react'
import { ElementPanel } from '../panels/ElementPanel.tsx'
import { useEditorState } from '../session/session-context.tsx'

/** The Styles panel is a chunk of its own (its pickers and lists), fetched once the editor is up. */
const loadStyles = () => import('../panels/styles/StylesPanel.tsx')
const StylesPanel = lazy(() => loadStyles().then((module) => ({ default: module.StylesPanel })))
const loadProps = () => import('../panels/props/PropsPanel.tsx')
const PropsPanel = lazy(() => loadProps().then((module) => ({ default: module.PropsPanel })))

const TAB_KEY = 'visual-edit:right-tab'
type Tab = 'element' | 'styles' | 'props'
const TABS: readonly Tab[] = ['element', 'styles', 'props']
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'element'

const TAB =
  'flex h-full items-center border-transparent border-b-2 px-2 font-semibold text-[12px] text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset data-[state=active]:border-accent data-[state=active]:text-[var(--ink)]'

/**
 * The right side: the Element, Styles and Props panels as tabs (Radix Tabs: arrows move between the tabs,
 * the tab's panel follows), the last one chosen kept for the next visit. Only the shown panel is
 * mounted, so the Styles and Props panels read the page only while they are shown.
 */
export function RightPanel() {
  const [tab, setTab] = useState<Tab>(() => tabOf(localStorage.getItem(TAB_KEY)))
  // A component just inserted with required props: its Props tab, so the user fills them next.
  const propsRequest = useEditorState((state) => state.insert.propsRequest)
  useEffect(() => {
    if (propsRequest > 0) setTab('props')
  }, [propsRequest])
  useEffect(() => {
    const idle = window.setTimeout(() => {
      void loadStyles()
      void loadProps()
    }, 1500)
    return () => window.clearTimeout(idle)
  }, [])
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        const next = tabOf(value)
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
        <Tabs.Trigger value="props" className={TAB}>
          Props
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
      <Tabs.Content value="props" className="min-h-0 flex-1 outline-none">
        <Suspense
          fallback={<p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-3)]">Loading the Props panel…</p>}
        >
          <PropsPanel />
        </Suspense>
      </Tabs.Content>
    </Tabs.Root>
  )
}
