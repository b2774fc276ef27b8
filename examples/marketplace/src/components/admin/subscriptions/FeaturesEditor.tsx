import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
  addFeature,
  changeFeature,
  type FeatureDraft,
  PLAN_RULES,
  removeFeature,
} from '../../../lib/admin/admin-plans.ts'
import { describedBy, FieldError, inputClass } from '../fields.tsx'

interface FeaturesEditorProps {
  features: readonly FeatureDraft[]
  onChange: (features: FeatureDraft[]) => void
  /** A problem per row, by its key. */
  problems: Record<number, string>
  /** A problem with the list as a whole (the database's, or too many). */
  error?: string
}

/**
 * The plan form's features: a name and an Included box per row (an unticked feature shows crossed
 * out on the cards), rows added and removed; at most 20. Focus follows: a new row's name, or after a
 * removal the next row's name (else Add feature).
 */
export function FeaturesEditor({ features, onChange, problems, error }: FeaturesEditorProps) {
  const list = useRef<HTMLFieldSetElement>(null)
  // The row whose name takes focus after the next render (null: Add feature); undefined: none.
  const [focusKey, setFocusKey] = useState<number | null | undefined>(undefined)
  useEffect(() => {
    if (focusKey === undefined) return
    const target =
      focusKey === null
        ? list.current?.querySelector<HTMLElement>('[data-add-feature]')
        : document.getElementById(`feature-${focusKey}`)
    target?.focus()
    setFocusKey(undefined)
  }, [focusKey])

  const add = () => {
    const next = addFeature(features)
    onChange(next)
    setFocusKey(next[next.length - 1]?.key ?? null)
  }
  const remove = (index: number, key: number) => {
    onChange(removeFeature(features, key))
    setFocusKey(features[index + 1]?.key ?? features[index - 1]?.key ?? null)
  }
  const full = features.length >= PLAN_RULES.features

  return (
    <fieldset ref={list} aria-describedby={error ? 'plan-features-error' : undefined}>
      <legend className="text-sm font-medium text-gray-700">Features</legend>
      <p className="mt-1 text-xs text-gray-500">
        Untick a feature the plan does not include: the cards show it crossed out.
      </p>
      {features.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No features listed.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {features.map((feature, index) => {
            const problem = problems[feature.key]
            const id = `feature-${feature.key}`
            return (
              <li key={feature.key} className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <input
                    id={id}
                    aria-label={`Feature ${index + 1} name`}
                    placeholder="Such as Featured listings"
                    value={feature.name}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={describedBy(id, false, problem)}
                    onChange={(event) =>
                      onChange(changeFeature(features, feature.key, { name: event.target.value }))
                    }
                    className={inputClass(Boolean(problem), 'compact', false)}
                  />
                  <FieldError id={`${id}-error`} error={problem} look="compact" />
                </div>
                <label className="flex shrink-0 items-center gap-1.5 py-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    aria-label={`Feature ${index + 1} included`}
                    checked={feature.included}
                    onChange={(event) =>
                      onChange(changeFeature(features, feature.key, { included: event.target.checked }))
                    }
                    className="h-4 w-4 accent-blue-600"
                  />
                  Included
                </label>
                <button
                  type="button"
                  onClick={() => remove(index, feature.key)}
                  className="shrink-0 rounded-md p-2 text-gray-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">Remove feature {index + 1}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <FieldError id="plan-features-error" error={error} look="compact" />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          data-add-feature
          onClick={add}
          disabled={full}
          className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add feature
        </button>
        {full && (
          <p className="text-xs text-gray-500">A plan lists at most {PLAN_RULES.features} features.</p>
        )}
      </div>
    </fieldset>
  )
}
