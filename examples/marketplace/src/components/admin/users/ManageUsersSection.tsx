import { UserPlus } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { ADMIN_PAGE_SIZE } from '../../../lib/admin/admin-listings.ts'
import {
  type AdminUser,
  type AdminUsersQuery,
  USER_ROLES,
  USER_STATUSES,
  type UserDraft,
  type UserStatus,
} from '../../../lib/admin/admin-users.ts'
import { sendMessage } from '../../../lib/admin/mail.ts'
import { useAdminUsers } from '../../../lib/admin/use-admin-users.ts'
import { loadSupabase } from '../../../lib/auth/client.ts'
import { useAuth } from '../../../lib/auth/context.ts'
import { ConfirmDialog } from '../../dashboard/ConfirmDialog.tsx'
import { Pager } from '../../layout/Pager.tsx'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { AdminNoticeLine, useAdminNotice } from '../AdminNotice.tsx'
import { AdminUsersList } from './AdminUsersList.tsx'
import { SendMessageDialog } from './SendMessageDialog.tsx'
import type { UserAction } from './UserActionsMenu.tsx'
import { UserFormDialog, type UserFormTarget } from './UserFormDialog.tsx'

const SELECT = 'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm'

const nameOf = (user: AdminUser) => user.name || user.email
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Manage Users (spec sections 2 and 4): the accounts 10 a page, newest first, with a search (name,
 * e-mail, phone), a status and a role filter; per account Edit User, Send Message, and Suspend (its
 * sessions end and it cannot sign in; confirmed first) or Activate; Add New User. The database
 * decides and records each change (admin_users, set_user_status, admin_save_user,
 * admin_send_message), and refuses an admin's change to their own status.
 */
export function ManageUsersSection() {
  const { account } = useAuth()
  const selfId = account?.userId ?? null
  const [query, setQuery] = useState<AdminUsersQuery>({ q: '', status: 'all', role: 'all', page: 0 })
  const { state, reload, store } = useAdminUsers(query)
  const shown = state.shown
  // lastActive is measured from when the rows arrived.
  const now = useMemo(() => (shown ? new Date() : new Date(0)), [shown])
  const [notice, setNotice] = useAdminNotice()
  const [busy, setBusy] = useState(false)
  const [form, setForm] = useState<UserFormTarget | null>(null)
  const [messaging, setMessaging] = useState<AdminUser | null>(null)
  const [suspending, setSuspending] = useState<AdminUser | null>(null)

  // A page that emptied (the last account of the last page suspended under a status filter) gives way
  // to the last page there is.
  const pages = Math.max(1, Math.ceil((shown?.total ?? 0) / ADMIN_PAGE_SIZE))
  useEffect(() => {
    if (state.status === 'ready' && query.page >= pages)
      setQuery((current) => ({ ...current, page: pages - 1 }))
  }, [state.status, query.page, pages])

  // A new question starts on its first page.
  const ask = (change: Partial<Omit<AdminUsersQuery, 'page'>>) =>
    setQuery((current) => ({ ...current, ...change, page: 0 }))

  const done = (text: string) => {
    setNotice({ kind: 'success', text })
    reload()
  }

  const setStatus = async (user: AdminUser, status: UserStatus) => {
    await (await store()).setStatus(user.id, status)
    done(
      status === 'suspended'
        ? `User suspended: ${nameOf(user)} is signed out and cannot sign in`
        : `User activated: ${nameOf(user)} can sign in`,
    )
  }

  const activate = async (user: AdminUser) => {
    setBusy(true)
    try {
      await setStatus(user, 'active')
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) })
    } finally {
      setBusy(false)
    }
  }

  // The menus stay usable while an activation runs (a disabled button would drop the keyboard's
  // focus); a second action waits for it instead.
  const onAction = (user: AdminUser, action: UserAction) => {
    if (busy) return
    setNotice(null)
    if (action === 'edit') setForm({ mode: 'edit', user })
    else if (action === 'message') setMessaging(user)
    else if (action === 'suspend') setSuspending(user)
    else void activate(user)
  }

  const save = async (target: UserFormTarget, draft: UserDraft) => {
    const users = await store()
    if (target.mode === 'edit') {
      await users.save(target.user.id, draft)
      setForm(null)
      done(`User updated: ${draft.name.trim()}`)
      return
    }
    const created = await users.save(null, draft)
    setForm(null)
    try {
      await users.sendPasswordSetup(created.email)
      done(`User created; a password setup link was sent to ${created.email}`)
    } catch (error) {
      // The account exists either way; its owner can still ask for the link themselves.
      setNotice({
        kind: 'error',
        text: `User created, but the password setup link could not be sent to ${created.email} (${messageOf(error)}). They can ask for one with "Forgot Password?" on the login page.`,
      })
      reload()
    }
  }

  const send = async (user: AdminUser, mail: { subject: string; body: string }) => {
    const sent = await sendMessage(await loadSupabase(), { to: user.id, ...mail })
    setMessaging(null)
    setNotice({ kind: 'success', text: `Message sent to ${sent.toAddress}` })
  }

  return (
    <section aria-labelledby="manage-users-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="manage-users-heading" className="text-xl font-semibold text-gray-900">
          Manage Users
        </h2>
        <button
          type="button"
          onClick={() => {
            setNotice(null)
            setForm({ mode: 'add' })
          }}
          className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Add New User
        </button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <input
          type="search"
          aria-label="Search users"
          placeholder="Search by name, e-mail or phone"
          value={query.q}
          onChange={(event) => ask({ q: event.target.value })}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none sm:max-w-xs"
        />
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <select
            aria-label="Status"
            value={query.status}
            onChange={(event) => ask({ status: event.target.value as AdminUsersQuery['status'] })}
            className={SELECT}
          >
            <option value="all">All statuses</option>
            {USER_STATUSES.map((status) => (
              <option key={status.id} value={status.id}>
                {status.label}
              </option>
            ))}
          </select>
          <select
            aria-label="Role"
            value={query.role}
            onChange={(event) => ask({ role: event.target.value as AdminUsersQuery['role'] })}
            className={SELECT}
          >
            <option value="all">All roles</option>
            {USER_ROLES.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </select>
        </div>
        {shown && (
          <p className="text-sm text-gray-600 sm:ml-auto" aria-live="polite">
            {shown.total} {shown.total === 1 ? 'user' : 'users'}
          </p>
        )}
      </div>
      <AdminNoticeLine notice={notice} />
      {state.status === 'error' && (
        <ListingsLoadError message={state.message} onRetry={reload} title="The users could not be loaded" />
      )}
      {shown === null ? (
        state.status !== 'error' && (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading users"
            className="h-64 animate-pulse rounded-lg bg-gray-100"
          />
        )
      ) : shown.users.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white px-6 py-10 text-center text-gray-600">
          No users found matching your criteria
        </p>
      ) : (
        <AdminUsersList users={shown.users} selfId={selfId} now={now} onAction={onAction} />
      )}
      <Pager
        label="User pages"
        page={Math.min(query.page, pages - 1)}
        pages={pages}
        onPage={(page) => setQuery((current) => ({ ...current, page }))}
      />
      <UserFormDialog target={form} selfId={selfId} onSave={save} onClose={() => setForm(null)} />
      <SendMessageDialog user={messaging} onSend={send} onClose={() => setMessaging(null)} />
      <ConfirmDialog
        open={suspending !== null}
        title={`Suspend ${suspending ? nameOf(suspending) : ''}?`}
        description={`${suspending?.email ?? ''} is signed out everywhere at once and cannot sign in until an admin activates the account again.`}
        confirmLabel="Suspend"
        busyLabel="Suspending..."
        onCancel={() => setSuspending(null)}
        onConfirm={async () => {
          if (!suspending) return
          await setStatus(suspending, 'suspended')
          setSuspending(null)
        }}
      />
    </section>
  )
}
