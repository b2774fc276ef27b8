import { ShieldCheck } from 'lucide-react'

const SAFETY_TIPS = [
  'Meet in a public place',
  'Check the item before paying',
  'Pay only after inspecting the item',
  "Don't share personal financial information",
] as const

/** Four safety tips for buyers. */
export function SafetyTipsCard() {
  return (
    <section
      aria-labelledby="safety-tips-heading"
      className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="safety-tips-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <ShieldCheck className="h-5 w-5 text-green-600" aria-hidden="true" />
        Safety Tips
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-gray-600">
        {SAFETY_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  )
}
