import * as Dialog from '@radix-ui/react-dialog'
import { type FormEvent, useEffect, useRef, useState } from 'react'
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
import { useReturnFocus } from '../../../lib/return-focus.ts'
import { FeaturesEditor } from './FeaturesEditor.tsx'
import { DialogButtons, describedBy, Field, focusFirstProblem, inputClass } from './form-parts.tsx'

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
  const returnFocus = useReturnFocus(open)
  const close = () => {
    if (!busy) onClose()
  }
  const plan = target === 'new' ? null : target
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">
            {plan ? `Edit the ${plan.name} plan` : 'Create New Plan'}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {plan
              ? `${plan.userCount} ${plan.userCount === 1 ? 'user is' : 'users are'} on this plan now. Changes show on the home page and in customers' Subscription at once.`
              : 'A new plan comes last in the order. An inactive plan is offered to no customer; admins can still add subscriptions to it.'}
          </Dialog.Description>
          {open && (
            <PlanForm
              key={plan?.id ?? 'new'}
              plan={plan}
              busy={busy}
              onBusy={setBusy}
              onCancel={close}
              onSaved={(saved) => onSaved(saved, plan === null)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  // Counts refusals, so focus goes to the first problem after each one has rendered.
  const [refusals, setRefusals] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusals > 0) focusFirstProblem(form.current)
  }, [refusals])

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
      setRefusals((count) => count + 1)
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
        setRefusals((count) => count + 1)
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
        <Field id="plan-name" label="Name" error={fields.name} className="sm:col-span-2">
          <input
            id="plan-name"
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={describedBy('plan-name', false, fields.name)}
            className={inputClass(Boolean(fields.name))}
          />
        </Field>
        <Field
          id="plan-price"
          label="Price (₹)"
          hint={isFree ? 'The Free plan stays free.' : 'Whole rupees per period.'}
          error={fields.price}
        >
          <input
            id="plan-price"
            inputMode="numeric"
            value={draft.price}
            disabled={isFree}
            onChange={(event) => set('price', event.target.value)}
            aria-invalid={fields.price ? true : undefined}
            aria-describedby={describedBy('plan-price', true, fields.price)}
            className={inputClass(Boolean(fields.price))}
          />
        </Field>
        <Field
          id="plan-period"
          label="Period"
          hint={isFree ? 'Free is every account’s plan without a subscription: it never ends.' : undefined}
        >
          <select
            id="plan-period"
            value={draft.period}
            disabled={isFree}
            onChange={(event) => set('period', event.target.value as PlanDraft['period'])}
            aria-describedby={describedBy('plan-period', isFree, undefined)}
            className={inputClass(false)}
          >
            {PLAN_PERIODS.map((period) => (
              <option key={period.id} value={period.id}>
                {period.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="plan-limit"
          label="Listing limit"
          hint="Listings a subscriber may have at once."
          error={fields.listingLimit}
        >
          <div className="flex items-center gap-3">
            <input
              id="plan-limit"
              inputMode="numeric"
              value={draft.unlimited ? '' : draft.listingLimit}
              placeholder={draft.unlimited ? 'Unlimited' : undefined}
              disabled={draft.unlimited}
              onChange={(event) => set('listingLimit', event.target.value)}
              aria-invalid={fields.listingLimit ? true : undefined}
              aria-describedby={describedBy('plan-limit', true, fields.listingLimit)}
              className={`${inputClass(Boolean(fields.listingLimit))} min-w-0 flex-1`}
            />
            <label className="mt-1 flex shrink-0 items-center gap-1.5 text-sm text-gray-700">
              <input
                type="checkbox"
                checked={draft.unlimited}
                onChange={(event) => set('unlimited', event.target.checked)}
                className="h-4 w-4 accent-blue-600"
              />
              Unlimited
            </label>
          </div>
        </Field>
        <Field id="plan-button" label="Button text" hint="Such as Choose Basic." error={fields.buttonText}>
          <input
            id="plan-button"
            value={draft.buttonText}
            onChange={(event) => set('buttonText', event.target.value)}
            aria-invalid={fields.buttonText ? true : undefined}
            aria-describedby={describedBy('plan-button', true, fields.buttonText)}
            className={inputClass(Boolean(fields.buttonText))}
          />
        </Field>
        <Field id="plan-description" label="Description" error={fields.description} className="sm:col-span-2">
          <textarea
            id="plan-description"
            rows={2}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
            aria-invalid={fields.description ? true : undefined}
            aria-describedby={describedBy('plan-description', false, fields.description)}
            className={inputClass(Boolean(fields.description))}
          />
        </Field>
      </div>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">How the plan is offered</legend>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={draft.isPopular}
            onChange={(event) => set('isPopular', event.target.checked)}
            className="h-4 w-4 accent-blue-600"
          />
          Popular (marked Most Popular)
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={draft.isActive}
            disabled={isFree}
            onChange={(event) => set('isActive', event.target.checked)}
            className="h-4 w-4 accent-blue-600"
          />
          Active (offered to customers)
        </label>
      </fieldset>
      <FeaturesEditor
        features={draft.features}
        onChange={(features) => set('features', features)}
        problems={problems.features}
        error={fields.features}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          {failure}
        </p>
      )}
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
      />
    </form>
  )
}
