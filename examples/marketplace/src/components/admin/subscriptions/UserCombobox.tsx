import { type KeyboardEvent, useEffect, useState } from 'react'
import { AdminSubscriptions, type UserChoice } from '../../../lib/admin/admin-subscriptions.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { describedBy, inputClass } from '../fields.tsx'

interface UserComboboxProps {
  id: string
  value: UserChoice | null
  onChange: (user: UserChoice | null) => void
  error?: string
}

/**
 * The user an admin adds a subscription for: a text box suggesting up to 10 users whose name, e-mail or
 * phone contains what is typed (admin_users), as the WAI-ARIA combobox pattern has it: Down and Up move
 * through the suggestions, Enter chooses, Escape closes the list (and only then the dialog); the
 * pointer works too. The list sits under the box in the dialog's flow, so nothing overflows a phone.
 * Typing again after choosing un-chooses.
 */
export function UserCombobox({ id, value, onChange, error }: UserComboboxProps) {
  const [text, setText] = useState(value?.name ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const { state } = useAdminRead(text, (client) => new AdminSubscriptions(client).suggestUsers(text))
  const options = state.shown ?? []
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const expanded = open && options.length > 0

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })

  const choose = (user: UserChoice) => {
    onChange(user)
    setText(user.name)
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((index) => Math.min(index + 1, options.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1))
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape' && expanded) {
      // The dialog leaves this Escape alone (AddSubscriptionDialog's onEscapeKeyDown).
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <div>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, error)}
        placeholder="Type a name or e-mail"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
          if (value) onChange(null)
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false)
          setActive(-1)
        }}
        className={inputClass(Boolean(error), 'compact')}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Users"
        hidden={!expanded}
        className="mt-1 max-h-60 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-md"
      >
        {options.map((user, index) => (
          // The input keeps focus and answers the keys (aria-activedescendant); the pointer chooses here.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keyboard
          <div
            key={user.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(user)}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-blue-50' : 'hover:bg-gray-50'}`}
          >
            <span className="block font-medium text-gray-900">
              {user.name || 'Unnamed user'}
              {user.role === 'admin' && <span className="ml-2 text-xs font-normal text-gray-500">Admin</span>}
            </span>
            <span className="block text-xs break-all text-gray-600">{user.email}</span>
          </div>
        ))}
      </div>
      {open && state.status !== 'loading' && options.length === 0 && (
        <p className="mt-1 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-600">
          {state.status === 'error'
            ? `The users could not be loaded: ${state.message}`
            : 'No users found matching what you typed'}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
        {value
          ? `Chosen: ${value.name || 'Unnamed user'} (${value.email})`
          : 'Choose one of the suggestions.'}
      </p>
      <p role="status" className="sr-only">
        {expanded ? `${options.length} ${options.length === 1 ? 'user' : 'users'} suggested` : ''}
      </p>
    </div>
  )
}
