import { validationFailed } from './errors.ts'

// checkmail's format, which GoTrue uses: a local part, then a host of dot-separated labels.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** An e-mail address as GoTrue stores it (lower case), or 400 validation_failed with GoTrue's wording. */
export function normalizeEmail(email: string): string {
  if (email.length > 255) throw validationFailed('An email address is too long')
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format')
  return email.toLowerCase()
}

/**
 * A phone number as GoTrue stores it: E.164 digits without the leading `+` (spaces dropped), or
 * 400 validation_failed.
 *
 *   '+1 555 0100 200'  ->  '15550100200'
 */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '')
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw validationFailed('Invalid phone number format (E.164 required)')
  return digits
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)
