import { useCallback, useEffect, useState } from 'react'
import type { Plan } from '../../data/plans.ts'
import { loadSupabase } from '../auth/client.ts'
import { type CurrentSubscription, type PaymentRecord, Subscriptions } from './subscription.ts'

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; message: string }

const subscriptions = async () => new Subscriptions(await loadSupabase())

/** Reads `read` once and again on `reload()`; the last value stays while a reload runs. */
function useLoaded<T>(read: (store: Subscriptions) => Promise<T>): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a reload
  useEffect(() => {
    let current = true
    subscriptions()
      .then(read)
      .then(
        (value) => current && setState({ status: 'ready', value }),
        (error: unknown) =>
          current &&
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      )
    return () => {
      current = false
    }
  }, [read, generation])
  return { state, reload: useCallback(() => setGeneration((value) => value + 1), []) }
}

const readPlans = (store: Subscriptions) => Promise.all([store.current(), store.plans()])
const readPayments = (store: Subscriptions) => store.payments()

/** Subscription's data: the current plan and usage, the plans to choose from; and the store that changes them. */
export function useSubscription(): {
  state: Loaded<[CurrentSubscription, Plan[]]>
  reload: () => void
  store: () => Promise<Subscriptions>
} {
  return { ...useLoaded(readPlans), store: subscriptions }
}

export function usePayments(): { state: Loaded<PaymentRecord[]>; reload: () => void } {
  return useLoaded(readPayments)
}
