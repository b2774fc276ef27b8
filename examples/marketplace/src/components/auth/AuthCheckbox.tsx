import { type ReactNode, type Ref, useId } from 'react'

interface AuthCheckboxProps {
  name: string
  children: ReactNode
  defaultChecked?: boolean
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A checkbox of the auth forms (Remember me, the terms), with its validation message. */
export function AuthCheckbox({ name, children, defaultChecked, error, ref }: AuthCheckboxProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-2 focus:ring-blue-500/30"
        />
        <label htmlFor={id} className="text-sm text-gray-700">
          {children}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
