import { useCallback, useEffect, useState } from 'react'
import type { Plan } from '../../data/plans.ts'
import { loadPublicPlans } from './public-plans.ts'

export type PublicPlansState =
  | { status: 'loading' }
  | { status: 'ready'; plans: Plan[] }
  | { status: 'error'; message: string }

/** The plans a visitor may choose (loadPublicPlans), read on mount and again on `retry()`. */
export function usePublicPlans(): { state: PublicPlansState; retry: () => void } {
  const [state, setState] = useState<PublicPlansState>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a retry
  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    loadPublicPlans().then(
      (plans) => current && setState({ status: 'ready', plans }),
      (error: unknown) =>
        current &&
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      current = false
    }
  }, [generation])
  return { state, retry: useCallback(() => setGeneration((value) => value + 1), []) }
}
