import { useId } from 'react'

interface AuthFieldProps {
  label: string
  type: 'email' | 'password' | 'tel' | 'text'
  name: string
  autoComplete: string
  placeholder?: string
}

/** A labelled input of the login/register dialog. */
export function AuthField({ label, type, name, autoComplete, placeholder }: AuthFieldProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
      />
    </div>
  )
}
