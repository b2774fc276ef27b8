import * as Tabs from '@radix-ui/react-tabs'

const tabClass =
  'flex-1 border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-600 hover:text-blue-700 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700'

interface AuthTabListProps {
  /** The tab list's accessible name. */
  label: string
  tabs: readonly { value: string; text: string }[]
}

/** The Login / Register tabs of the /auth page and the login dialog (inside their Tabs.Root). */
export function AuthTabList({ label, tabs }: AuthTabListProps) {
  return (
    <Tabs.List aria-label={label} className="flex border-b border-gray-200">
      {tabs.map((tab) => (
        <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
          {tab.text}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  )
}
