import * as Tabs from '@radix-ui/react-tabs'
import { useAuth } from '../../lib/auth/context.ts'
import { AccountTab } from './profile/AccountTab.tsx'
import { NotificationsTab } from './profile/NotificationsTab.tsx'
import { SecurityTab } from './profile/SecurityTab.tsx'

const TABS = [
  { value: 'account', label: 'Account' },
  { value: 'security', label: 'Security' },
  { value: 'notifications', label: 'Notifications' },
] as const

/** Profile Settings (spec section 2): Account, Security and Notifications. */
export function ProfileSettingsSection() {
  const { account } = useAuth()
  return (
    <section aria-labelledby="profile-heading" className="space-y-4">
      <h2 id="profile-heading" className="text-xl font-semibold text-gray-900">
        Profile Settings
      </h2>
      <Tabs.Root defaultValue="account" className="rounded-lg border border-gray-200 bg-white shadow-sm">
        <Tabs.List aria-label="Profile settings" className="flex gap-1 border-b border-gray-200 px-4">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="-mb-px border-b-2 border-transparent px-4 py-3 text-sm font-medium text-gray-600 hover:text-gray-900 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="account" className="p-6 outline-none">
          <AccountTab account={account} />
        </Tabs.Content>
        <Tabs.Content value="security" className="p-6 outline-none">
          <SecurityTab />
        </Tabs.Content>
        <Tabs.Content value="notifications" className="p-6 outline-none">
          <NotificationsTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  )
}
