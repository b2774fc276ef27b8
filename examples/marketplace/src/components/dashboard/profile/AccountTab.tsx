import { type FormEvent, useState } from 'react'
import type { Account } from '../../../lib/auth/account.ts'
import { useAuth } from '../../../lib/auth/context.ts'
import { DEFAULT_PIN_CODE, PROFILE_MESSAGES, Profile } from '../../../lib/dashboard/profile.ts'
import { Outcome, TextField } from './fields.tsx'

/**
 * Account (spec section 2): full name, display name, e-mail, phone, address and PIN code (585101 by
 * default). Save stores the full name in the user's record and reloads the page (spec section 5);
 * without a full name it only says the profile was saved. Signed out: 'Not authenticated'.
 */
export function AccountTab({ account }: { account: Account | null }) {
  const { getClient } = useAuth()
  const [fullName, setFullName] = useState(account?.name ?? '')
  const [displayName, setDisplayName] = useState(account?.name.split(' ')[0] ?? '')
  const [phone, setPhone] = useState('')
  const [street, setStreet] = useState('')
  const [city, setCity] = useState('Gulbarga')
  const [state, setState] = useState('Karnataka')
  const [country, setCountry] = useState('India')
  const [pin, setPin] = useState(DEFAULT_PIN_CODE)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!account) {
      setOutcome({ ok: false, text: PROFILE_MESSAGES.notAuthenticated })
      return
    }
    if (fullName.trim() === '') {
      window.alert(PROFILE_MESSAGES.profileSaved)
      return
    }
    setSaving(true)
    try {
      await new Profile(await getClient()).saveFullName(fullName)
      window.location.reload()
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) })
      setSaving(false)
    }
  }

  return (
    <form onSubmit={save} className="space-y-6" aria-label="Account">
      <div className="flex items-center gap-4">
        <div
          aria-hidden="true"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-blue-100 text-xl font-semibold text-blue-700"
        >
          {(account?.name || account?.email || '?').slice(0, 1).toUpperCase()}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => window.alert('Profile pictures are not stored yet.')}
            className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            Change Picture
          </button>
          <button
            type="button"
            onClick={() => window.alert('Profile pictures are not stored yet.')}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Remove
          </button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField label="Full Name" value={fullName} onChange={setFullName} autoComplete="name" />
        <TextField
          label="Display Name"
          value={displayName}
          onChange={setDisplayName}
          autoComplete="nickname"
        />
        <TextField label="Email" value={account?.email ?? ''} onChange={() => {}} type="email" disabled />
        <TextField label="Phone Number" value={phone} onChange={setPhone} type="tel" autoComplete="tel" />
        <div className="md:col-span-2">
          <TextField
            label="Street Address"
            value={street}
            onChange={setStreet}
            autoComplete="street-address"
          />
        </div>
        <TextField label="City" value={city} onChange={setCity} autoComplete="address-level2" />
        <TextField label="State" value={state} onChange={setState} autoComplete="address-level1" />
        <TextField label="Country" value={country} onChange={setCountry} autoComplete="country-name" />
        <TextField label="PIN Code" value={pin} onChange={setPin} autoComplete="postal-code" />
      </div>
      <Outcome outcome={outcome} />
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}
