import { characterCount } from '../../../lib/admin/mail.ts'

/**
 * A field's characters against its limit, counted as the database counts them (after trimming; an
 * emoji is one), red when over. Give its id to the field's aria-describedby: read with the field, not
 * announced at each key.
 */
export function CharacterCount({ id, text, max }: { id: string; text: string; max: number }) {
  const used = characterCount(text)
  return (
    <span
      id={id}
      className={`text-xs tabular-nums ${used > max ? 'font-medium text-red-600' : 'text-gray-500'}`}
    >
      {used.toLocaleString('en-IN')} / {max.toLocaleString('en-IN')} characters
    </span>
  )
}
