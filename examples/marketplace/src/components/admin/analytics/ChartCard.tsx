import type { ReactNode } from 'react'
import { useId } from 'react'

/** A chart's figures as a table, for screen readers (the SVG itself is a picture with a name). */
export interface ChartTable {
  columns: readonly string[]
  /** The first cell of each row names it (a day, a category). */
  rows: readonly (readonly string[])[]
}

// The chart takes focus (recharts' keyboard layer: the arrow keys walk its points): the app's focus ring.
const FOCUS =
  '[&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-offset-2 [&_.recharts-surface:focus-visible]:outline-blue-600'

interface ChartCardProps {
  title: string
  /** One sentence saying what the chart shows; also the SVG's description. */
  summary: string
  /** Nothing to draw: a calm note lies over the empty axes. */
  empty: boolean
  legend?: readonly { label: string; color: string }[]
  table: ChartTable
  /** The chart's height on the page, as a Tailwind class. */
  height?: string
  className?: string
  /** The chart itself, drawn to fill the card's chart area. */
  children: ReactNode
}

/**
 * One chart of Analytics as a figure: its title and summary above, the legend, the chart, and the same
 * figures as a visually hidden table so a screen reader user gets every value, not a picture.
 */
export function ChartCard({
  title,
  summary,
  empty,
  legend,
  table,
  height = 'h-64',
  className = '',
  children,
}: ChartCardProps) {
  const titleId = useId()
  return (
    <figure
      aria-labelledby={titleId}
      className={`min-w-0 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <figcaption>
        <h3 id={titleId} className="font-semibold text-gray-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-gray-600">{summary}</p>
      </figcaption>
      {legend && legend.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" aria-hidden="true">
          {legend.map((entry) => (
            <li key={entry.label} className="flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: entry.color }} />
              {entry.label}
            </li>
          ))}
        </ul>
      )}
      <div className={`relative mt-4 ${height} ${FOCUS}`}>
        {children}
        {empty && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
          >
            <span className="rounded-md bg-white/90 px-3 py-1.5 text-sm text-gray-600 shadow-sm ring-1 ring-gray-200">
              No activity in this range
            </span>
          </p>
        )}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([name, ...cells]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
