import { type FormEvent, useState } from 'react'
import {
  type AdminPlan,
  AdminPlans,
  checkPlanDraft,
  draftOf,
  FREE_PLAN_ID,
  PLAN_PERIODS,
  type PlanDraft,
  type PlanProblems,
  planErrorField,
} from '../../../lib/admin/admin-plans.ts'
import { loadSupabase } from '../../../lib/auth/client.ts'
import { AdminDialog, DialogButtons, FormAlert } from '../AdminDialog.tsx'
import {
  Checkbox,
  controlAria,
  Field,
  inputClass,
  Select,
  TextArea,
  TextInput,
  useFocusFirstProblem,
} from '../fields.tsx'
import { FeaturesEditor } from './FeaturesEditor.tsx'

/** Which plan the dialog is open for: one to edit, a new one, or none (closed). */
export type PlanDialogTarget = AdminPlan | 'new' | null

interface PlanDialogProps {
  target: PlanDialogTarget
  onClose: () => void
  /** The plan as the database saved it; `created` for Create New Plan. */
  onSaved: (plan: AdminPlan, created: boolean) => void
}

/**
 * The plan edit dialog (spec section 2; issue 30), also Create New Plan: name, price, period, listing
 * limit (or Unlimited: -1), description, button text, Popular, Active and the features, with the
 * accounts on the plan now. Checked before sending (lib/admin/admin-plans.ts); the database's refusal
 * is shown at its field, everything typed staying as it was.
 */
export function PlanDialog({ target, onClose, onSaved }: PlanDialogProps) {
  const [busy, setBusy] = useState(false)
  const open = target !== null
  const plan = target === 'new' ? null : target
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      busy={busy}
      width="2xl"
      title={plan ? `Edit the ${plan.name} plan` : 'Create New Plan'}
      description={
        plan
          ? `${plan.userCount} ${plan.userCount === 1 ? 'user is' : 'users are'} on this plan now. Changes show on the home page and in customers' Subscription at once.`
          : 'A new plan comes last in the order. An inactive plan is offered to no customer; admins can still add subscriptions to it.'
      }
    >
      {open && (
        <PlanForm
          key={plan?.id ?? 'new'}
          plan={plan}
          busy={busy}
          onBusy={setBusy}
          onCancel={onClose}
          onSaved={(saved) => onSaved(saved, plan === null)}
        />
      )}
    </AdminDialog>
  )
}

interface PlanFormProps {
  plan: AdminPlan | null
  busy: boolean
  onBusy: (busy: boolean) => void
  onCancel: () => void
  onSaved: (plan: AdminPlan) => void
}

const NO_PROBLEMS: PlanProblems = { fields: {}, features: {} }

function PlanForm({ plan, busy, onBusy, onCancel, onSaved }: PlanFormProps) {
  const [draft, setDraft] = useState<PlanDraft>(() => draftOf(plan))
  const [problems, setProblems] = useState<PlanProblems>(NO_PROBLEMS)
  const [failure, setFailure] = useState<string | null>(null)
  const { form, refused } = useFocusFirstProblem()

  const isFree = plan?.id === FREE_PLAN_ID
  const set = <K extends keyof PlanDraft>(key: K, value: PlanDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  const { fields } = problems

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setFailure(null)
    const checked = checkPlanDraft(draft, plan?.id ?? null)
    if (!checked.ok) {
      setProblems(checked.problems)
      refused()
      return
    }
    setProblems(NO_PROBLEMS)
    onBusy(true)
    let saved: AdminPlan
    try {
      saved = await new AdminPlans(await loadSupabase()).save(plan?.id ?? null, checked.input)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const field = planErrorField(message)
      if (field) {
        setProblems({ fields: { [field]: message }, features: {} })
        refused()
      } else setFailure(message)
      return
    } finally {
      onBusy(false)
    }
    onSaved(saved)
  }

  return (
    <form ref={form} noValidate onSubmit={save} aria-busy={busy} className="mt-5 space-y-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput
          id="plan-name"
          look="compact"
          label="Name"
          error={fields.name}
          className="sm:col-span-2"
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextInput
          id="plan-price"
          look="compact"
          label="Price (₹)"
          hint={isFree ? 'The Free plan stays free.' : 'Whole rupees per period.'}
          error={fields.price}
          inputMode="numeric"
          value={draft.price}
          disabled={isFree}
          onChange={(event) => set('price', event.target.value)}
        />
        <Select
          id="plan-period"
          look="compact"
          label="Period"
          hint={isFree ? 'Free is every account’s plan without a subscription: it never ends.' : undefined}
          value={draft.period}
          disabled={isFree}
          onChange={(event) => set('period', event.target.value as PlanDraft['period'])}
        >
          {PLAN_PERIODS.map((period) => (
            <option key={period.id} value={period.id}>
              {period.label}
            </option>
          ))}
        </Select>
        <ListingLimit
          draft={draft}
          error={fields.listingLimit}
          onLimit={(limit) => set('listingLimit', limit)}
          onUnlimited={(unlimited) => set('unlimited', unlimited)}
        />
        <TextInput
          id="plan-button"
          look="compact"
          label="Button text"
          hint="Such as Choose Basic."
          error={fields.buttonText}
          value={draft.buttonText}
          onChange={(event) => set('buttonText', event.target.value)}
        />
        <TextArea
          id="plan-description"
          look="compact"
          label="Description"
          error={fields.description}
          className="sm:col-span-2"
          rows={2}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">How the plan is offered</legend>
        <Checkbox
          label="Popular (marked Most Popular)"
          checked={draft.isPopular}
          onChange={(event) => set('isPopular', event.target.checked)}
        />
        <Checkbox
          label="Active (offered to customers)"
          checked={draft.isActive}
          disabled={isFree}
          onChange={(event) => set('isActive', event.target.checked)}
        />
      </fieldset>
      <FeaturesEditor
        features={draft.features}
        onChange={(features) => set('features', features)}
        problems={problems.features}
        error={fields.features}
      />
      {failure && <FormAlert look="compact">{failure}</FormAlert>}
      {Object.keys(fields).length + Object.keys(problems.features).length > 0 && (
        <p role="alert" className="sr-only">
          The plan was not saved: see the fields marked in red.
        </p>
      )}
      <DialogButtons
        busy={busy}
        submitLabel={plan ? 'Save Plan' : 'Create Plan'}
        busyLabel="Saving..."
        onCancel={onCancel}
        look="compact"
      />
    </form>
  )
}

interface ListingLimitProps {
  draft: PlanDraft
  error: string | undefined
  onLimit: (limit: string) => void
  onUnlimited: (unlimited: boolean) => void
}

/** The listing limit's field: a number, or Unlimited ticked beside it (the number then set aside). */
function ListingLimit({ draft, error, onLimit, onUnlimited }: ListingLimitProps) {
  const hint = 'Listings a subscriber may have at once.'
  return (
    <Field id="plan-limit" look="compact" label="Listing limit" hint={hint} error={error}>
      <div className="flex items-center gap-3">
        <input
          {...controlAria('plan-limit', { hint, error })}
          inputMode="numeric"
          value={draft.unlimited ? '' : draft.listingLimit}
          placeholder={draft.unlimited ? 'Unlimited' : undefined}
          disabled={draft.unlimited}
          onChange={(event) => onLimit(event.target.value)}
          className={`${inputClass(Boolean(error), 'compact')} min-w-0 flex-1`}
        />
        <label className="mt-1 flex shrink-0 items-center gap-1.5 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={draft.unlimited}
            onChange={(event) => onUnlimited(event.target.checked)}
            className="h-4 w-4 accent-blue-600"
          />
          Unlimited
        </label>
      </div>
    </Field>
  )
}
