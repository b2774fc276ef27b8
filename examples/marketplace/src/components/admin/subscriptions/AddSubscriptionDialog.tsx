import { type FormEvent, useState } from 'react'
import { type AdminPlan, AdminPlans } from '../../../lib/admin/admin-plans.ts'
import {
  type AdminSubscription,
  AdminSubscriptions,
  checkSubscriptionDraft,
  defaultEndDate,
  localDay,
  type SubscriptionDraft,
  type SubscriptionField,
  startOfDay,
  subscriptionErrorField,
} from '../../../lib/admin/admin-subscriptions.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { loadSupabase } from '../../../lib/auth/client.ts'
import { formatDate, formatPrice } from '../../../lib/format.ts'
import { AdminDialog, DialogButtons, FormAlert } from '../AdminDialog.tsx'
import { Checkbox, Field, Select, TextInput, useFocusFirstProblem } from '../fields.tsx'
import { UserCombobox } from './UserCombobox.tsx'

interface AddSubscriptionDialogProps {
  open: boolean
  onClose: () => void
  onAdded: (subscription: AdminSubscription) => void
}

/** An Escape meant for an open combobox's list, which the dialog leaves to it. */
const closesAList = (event: KeyboardEvent) =>
  event.target instanceof HTMLElement &&
  event.target.getAttribute('role') === 'combobox' &&
  event.target.getAttribute('aria-expanded') === 'true'

/**
 * Add Subscription (spec section 2; issue 30): a user found by name or e-mail, any plan (the inactive
 * ones marked), optional start and end days, auto-renew and the amount, both following the plan until
 * the admin changes them. The user's active subscription is cancelled by the database, which records
 * no payment. Checked before sending; the database's refusal shown at its field.
 */
export function AddSubscriptionDialog({ open, onClose, onAdded }: AddSubscriptionDialogProps) {
  const [busy, setBusy] = useState(false)
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onEscapeKeyDown={(event) => closesAList(event) && event.preventDefault()}
      title="Add Subscription"
      description="Puts the user on the plan from the start day. Their active subscription, if any, is cancelled. No payment is recorded."
    >
      {open && <AddSubscriptionForm busy={busy} onBusy={setBusy} onCancel={onClose} onAdded={onAdded} />}
    </AdminDialog>
  )
}

interface AddSubscriptionFormProps {
  busy: boolean
  onBusy: (busy: boolean) => void
  onCancel: () => void
  onAdded: (subscription: AdminSubscription) => void
}

const EMPTY: SubscriptionDraft = {
  user: null,
  planId: '',
  startDate: '',
  endDate: '',
  autoRenew: true,
  amount: '',
}

/** `Basic · ₹499/month`, `Business · ₹1,999/month (inactive)`. */
const planLabel = (plan: AdminPlan) =>
  `${plan.name} · ${formatPrice(plan.price)}${plan.period === 'forever' ? ' forever' : `/${plan.period}`}${plan.isActive ? '' : ' (inactive)'}`

function AddSubscriptionForm({ busy, onBusy, onCancel, onAdded }: AddSubscriptionFormProps) {
  const plans = useAdminRead('every plan', (client) => new AdminPlans(client).list(''))
  const [draft, setDraft] = useState<SubscriptionDraft>(EMPTY)
  // Auto-renew and the amount follow the plan until the admin sets them.
  const [touched, setTouched] = useState({ autoRenew: false, amount: false })
  const [problems, setProblems] = useState<Partial<Record<SubscriptionField, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const { form, refused } = useFocusFirstProblem()

  const planList = plans.state.shown ?? []
  const plan = planList.find((entry) => entry.id === draft.planId)
  const today = localDay(new Date())
  const set = <K extends keyof SubscriptionDraft>(key: K, value: SubscriptionDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  const choosePlan = (planId: string) => {
    const chosen = planList.find((entry) => entry.id === planId)
    setDraft((current) => ({
      ...current,
      planId,
      ...(chosen && !touched.amount ? { amount: String(chosen.price) } : {}),
      ...(chosen && !touched.autoRenew ? { autoRenew: chosen.period !== 'forever' } : {}),
    }))
  }

  const endByPlan = plan
    ? defaultEndDate(
        plan.period,
        draft.startDate && draft.startDate < today ? startOfDay(draft.startDate) : new Date(),
      )
    : null
  const endHint = !plan
    ? 'Leave it empty to end it by the plan.'
    : endByPlan === null
      ? 'Leave it empty: a forever plan never ends.'
      : `Leave it empty to end it on ${formatDate(endByPlan.toISOString())} (${plan.period === 'month' ? '30 days' : 'a year'} after the start).`

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setFailure(null)
    const checked = checkSubscriptionDraft(draft, planList, new Date())
    if (!checked.ok) {
      setProblems(checked.problems)
      refused()
      return
    }
    setProblems({})
    onBusy(true)
    let added: AdminSubscription
    try {
      added = await new AdminSubscriptions(await loadSupabase()).add(checked.input)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const field = subscriptionErrorField(message)
      if (field) {
        setProblems({ [field]: message })
        refused()
      } else setFailure(message)
      return
    } finally {
      onBusy(false)
    }
    onAdded(added)
  }

  return (
    <form ref={form} noValidate onSubmit={add} aria-busy={busy} className="mt-5 space-y-4">
      <Field id="subscription-user" look="compact" label="User" error={problems.user}>
        <UserCombobox
          id="subscription-user"
          value={draft.user}
          onChange={(user) => set('user', user)}
          error={problems.user}
        />
      </Field>
      <Select
        id="subscription-plan"
        look="compact"
        label="Plan"
        error={problems.plan}
        value={draft.planId}
        onChange={(event) => choosePlan(event.target.value)}
      >
        <option value="">{plans.state.shown ? 'Choose a plan' : 'Loading the plans...'}</option>
        {planList.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {planLabel(entry)}
          </option>
        ))}
      </Select>
      {plans.state.status === 'error' && (
        <FormAlert look="compact">
          The plans could not be loaded: {plans.state.message}{' '}
          <button type="button" onClick={plans.reload} className="font-medium underline">
            Try again
          </button>
        </FormAlert>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput
          id="subscription-start"
          look="compact"
          label="Start date"
          hint="Leave it empty to start now."
          error={problems.startDate}
          type="date"
          max={today}
          value={draft.startDate}
          onChange={(event) => set('startDate', event.target.value)}
        />
        <TextInput
          id="subscription-end"
          look="compact"
          label="End date"
          hint={endHint}
          error={problems.endDate}
          type="date"
          min={localDay(new Date(Date.now() + 86_400_000))}
          value={draft.endDate}
          onChange={(event) => set('endDate', event.target.value)}
        />
        <TextInput
          id="subscription-amount"
          look="compact"
          label="Amount (₹)"
          hint={
            plan
              ? `The plan's price is ${formatPrice(plan.price)}.`
              : "The plan's price, unless you change it."
          }
          error={problems.amount}
          inputMode="numeric"
          value={draft.amount}
          onChange={(event) => {
            setTouched((current) => ({ ...current, amount: true }))
            set('amount', event.target.value)
          }}
        />
        <Checkbox
          label="Renews automatically"
          className="self-center sm:mt-5"
          checked={draft.autoRenew}
          onChange={(event) => {
            setTouched((current) => ({ ...current, autoRenew: true }))
            set('autoRenew', event.target.checked)
          }}
        />
      </div>
      {failure && <FormAlert look="compact">{failure}</FormAlert>}
      <DialogButtons
        busy={busy}
        submitLabel="Add Subscription"
        busyLabel="Adding..."
        onCancel={onCancel}
        look="compact"
      />
    </form>
  )
}
