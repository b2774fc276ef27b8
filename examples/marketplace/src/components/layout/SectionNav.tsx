interface SectionNavProps<Id extends string> {
  /** The navigation's accessible name ('Dashboard sections'). */
  label: string
  sections: readonly { id: Id; label: string }[]
  current: Id
  onChoose: (id: Id) => void
}

/** A dashboard's row of section buttons; the current one is marked for assistive technology and the eye. */
export function SectionNav<Id extends string>({ label, sections, current, onChoose }: SectionNavProps<Id>) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {sections.map((entry) => (
        <button
          key={entry.id}
          type="button"
          aria-current={entry.id === current ? 'page' : undefined}
          onClick={() => onChoose(entry.id)}
          className="rounded-md px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-[current=page]:bg-blue-600 aria-[current=page]:text-white"
        >
          {entry.label}
        </button>
      ))}
    </nav>
  )
}
