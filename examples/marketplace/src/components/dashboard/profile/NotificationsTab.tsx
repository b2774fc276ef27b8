import { useState } from 'react'
import { PROFILE_MESSAGES } from '../../../lib/dashboard/profile.ts'
import { Switch } from './fields.tsx'

const DEFAULTS = {
  listingActivity: true,
  messages: true,
  marketing: false,
  securityAlerts: true,
  messageNotifications: false,
}

/** Notifications (spec section 2): e-mail and SMS switches, Reset to Defaults, Save Preferences (an alert, as the spec says). */
export function NotificationsTab() {
  const [preferences, setPreferences] = useState(DEFAULTS)
  const set = (key: keyof typeof DEFAULTS) => (value: boolean) =>
    setPreferences((current) => ({ ...current, [key]: value }))
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="font-semibold text-gray-900">Email Notifications</legend>
        <Switch
          label="Listing activity"
          checked={preferences.listingActivity}
          onChange={set('listingActivity')}
        />
        <Switch label="Messages" checked={preferences.messages} onChange={set('messages')} />
        <Switch label="Marketing and offers" checked={preferences.marketing} onChange={set('marketing')} />
      </fieldset>
      <fieldset>
        <legend className="font-semibold text-gray-900">SMS Notifications</legend>
        <Switch
          label="Security alerts"
          checked={preferences.securityAlerts}
          onChange={set('securityAlerts')}
        />
        <Switch
          label="Message notifications"
          checked={preferences.messageNotifications}
          onChange={set('messageNotifications')}
        />
      </fieldset>
      <div className="flex justify-end gap-3">
        <button
          type="button"
          onClick={() => setPreferences(DEFAULTS)}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          Reset to Defaults
        </button>
        <button
          type="button"
          onClick={() => window.alert(PROFILE_MESSAGES.preferencesSaved)}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          Save Preferences
        </button>
      </div>
    </div>
  )
}
