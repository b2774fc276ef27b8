import { type Ref, useId } from 'react'

interface AuthFieldProps {
  label: string
  type: 'email' | 'password' | 'tel' | 'text'
  name: string
  autoComplete: string
  placeholder?: string
  required?: boolean
  defaultValue?: string
  disabled?: boolean
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled input of the auth forms (the /auth page and the login/register dialog). */
export function AuthField({
  label,
  type,
  name,
  autoComplete,
  placeholder,
  required,
  defaultValue,
  disabled,
  error,
  ref,
}: AuthFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required={required}
        defaultValue={defaultValue}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={
          error
            ? 'mt-1 w-full rounded-md border border-red-500 px-3 py-2 text-sm text-gray-900 focus:border-red-500 focus:ring-2 focus:ring-red-500/30 focus:outline-none'
            : 'mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:bg-gray-100 disabled:text-gray-500'
        }
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
