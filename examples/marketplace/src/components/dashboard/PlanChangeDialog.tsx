import * as Dialog from '@radix-ui/react-dialog'
import { type FormEvent, useState } from 'react'
import type { Plan } from '../../data/plans.ts'
import {
  type CardDetails,
  CVV_MAX_LENGTH,
  cardProblem,
  expiryYears,
  PAYMENT_MESSAGES,
  type PaymentMethod,
} from '../../lib/dashboard/card-payment.ts'
import { formatPrice } from '../../lib/format.ts'
import { useReturnFocus } from '../../lib/return-focus.ts'

/** The spec's processing delay (section 9). */
const PROCESSING_MS = 1500

const FIELD =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none'

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))

interface PlanChangeDialogProps {
  plan: Plan | null
  onClose: () => void
  /** Records the change (the database's change_plan); throws when it fails. */
  onPay: (plan: Plan, method: PaymentMethod) => Promise<void>
}

/**
 * The plan change (spec sections 4 and 5): card (every message of section 5, expiry years this one
 * and the next 9) or PayPal (the redirect note); Processing for 1.5 s; the success or failure message.
 * The payment is simulated, as the spec says, and recorded as a payment row.
 */
export function PlanChangeDialog({ plan, onClose, onPay }: PlanChangeDialogProps) {
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [card, setCard] = useState<CardDetails>({ number: '', name: '', month: '', year: '', cvv: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const [state, setState] = useState<'form' | 'processing' | 'done'>('form')
  const set = (field: keyof CardDetails) => (value: string) =>
    setCard((current) => ({ ...current, [field]: value }))

  const close = () => {
    if (state === 'processing') return
    setMethod('card')
    setCard({ number: '', name: '', month: '', year: '', cvv: '' })
    setProblem(null)
    setState('form')
    onClose()
  }

  const pay = async (event: FormEvent) => {
    event.preventDefault()
    if (!plan) return
    const refused = method === 'card' ? cardProblem(card) : null
    setProblem(refused)
    if (refused) return
    setState('processing')
    const started = performance.now()
    try {
      await onPay(plan, method)
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, PROCESSING_MS - (performance.now() - started))),
      )
      setState('done')
    } catch (error) {
      console.error('[marketplace] The plan change failed:', error)
      setProblem(PAYMENT_MESSAGES.failure)
      setState('form')
    }
  }

  const returnFocus = useReturnFocus(plan !== null)
  return (
    <Dialog.Root open={plan !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">
            Change to the {plan?.name} plan
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {plan
              ? `${formatPrice(plan.price)}${plan.period === 'forever' ? '' : ` per ${plan.period}`}`
              : ''}
            {plan?.period === 'forever' ? '; it has no end date.' : '; it runs for 30 days from today.'}
          </Dialog.Description>
          {state === 'done' ? (
            <div className="mt-6 space-y-4">
              <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800">
                {PAYMENT_MESSAGES.success}
              </p>
              <div className="flex justify-end">
                <button
                  type="button"
                  onClick={close}
                  className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
                >
                  Close
                </button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={pay} className="mt-6 space-y-4" aria-busy={state === 'processing'}>
              <fieldset>
                <legend className="text-sm font-medium text-gray-700">Payment method</legend>
                <div className="mt-2 flex gap-4">
                  {(['card', 'paypal'] as const).map((value) => (
                    <label key={value} className="flex items-center gap-2 text-sm text-gray-700">
                      <input
                        type="radio"
                        name="method"
                        checked={method === value}
                        onChange={() => {
                          setMethod(value)
                          setProblem(null)
                        }}
                      />
                      {value === 'card' ? 'Credit / Debit Card' : 'PayPal'}
                    </label>
                  ))}
                </div>
              </fieldset>
              {method === 'card' ? (
                <>
                  <label className="block text-sm font-medium text-gray-700">
                    Card Number
                    <input
                      className={FIELD}
                      inputMode="numeric"
                      autoComplete="cc-number"
                      maxLength={19}
                      value={card.number}
                      onChange={(event) => set('number')(event.target.value)}
                    />
                  </label>
                  <label className="block text-sm font-medium text-gray-700">
                    Name on Card
                    <input
                      className={FIELD}
                      autoComplete="cc-name"
                      value={card.name}
                      onChange={(event) => set('name')(event.target.value)}
                    />
                  </label>
                  <div className="grid grid-cols-3 gap-3">
                    <label className="block text-sm font-medium text-gray-700">
                      Month
                      <select
                        className={FIELD}
                        value={card.month}
                        onChange={(event) => set('month')(event.target.value)}
                      >
                        <option value="">MM</option>
                        {MONTHS.map((month) => (
                          <option key={month}>{month}</option>
                        ))}
                      </select>
                    </label>
                    <label className="block text-sm font-medium text-gray-700">
                      Year
                      <select
                        className={FIELD}
                        value={card.year}
                        onChange={(event) => set('year')(event.target.value)}
                      >
                        <option value="">YYYY</option>
                        {expiryYears().map((year) => (
                          <option key={year}>{year}</option>
                        ))}
                      </select>
                    </label>
                    <label className="block text-sm font-medium text-gray-700">
                      CVV
                      <input
                        className={FIELD}
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        maxLength={CVV_MAX_LENGTH}
                        value={card.cvv}
                        onChange={(event) => set('cvv')(event.target.value)}
                      />
                    </label>
                  </div>
                </>
              ) : (
                <p className="rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-800">
                  {PAYMENT_MESSAGES.paypal}
                </p>
              )}
              {problem && (
                <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
                  {problem}
                </p>
              )}
              <div className="flex justify-end gap-3">
                <button
                  type="button"
                  onClick={close}
                  disabled={state === 'processing'}
                  className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  disabled={state === 'processing'}
                  className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
                >
                  {state === 'processing' ? 'Processing...' : 'Confirm Payment'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
