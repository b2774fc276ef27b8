export type AuthMethod = 'email' | 'phone' | 'social'

const METHODS: readonly { id: AuthMethod; label: string }[] = [
  { id: 'email', label: 'Email' },
  { id: 'phone', label: 'Phone' },
  { id: 'social', label: 'Social' },
]

interface AuthMethodSwitchProps {
  method: AuthMethod
  onChange: (method: AuthMethod) => void
}

/** Email / Phone / Social segmented switch of the login/register dialog. */
export function AuthMethodSwitch({ method, onChange }: AuthMethodSwitchProps) {
  return (
    <fieldset className="grid grid-cols-3 gap-1 rounded-md bg-gray-100 p-1">
      <legend className="sr-only">Sign-in method</legend>
      {METHODS.map((entry) => (
        <button
          key={entry.id}
          type="button"
          aria-pressed={method === entry.id}
          onClick={() => onChange(entry.id)}
          className={
            method === entry.id
              ? 'rounded bg-white px-3 py-1.5 text-sm font-medium text-blue-700 shadow-sm'
              : 'rounded px-3 py-1.5 text-sm font-medium text-gray-600 hover:text-gray-900'
          }
        >
          {entry.label}
        </button>
      ))}
    </fieldset>
  )
}
