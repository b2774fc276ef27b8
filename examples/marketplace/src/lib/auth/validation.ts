import type { Role } from './account.ts'
import { AUTH_MESSAGES } from './messages.ts'

/** The account types offered at sign-up (premium is a plan, never chosen there). */
export type AccountType = Extract<Role, 'customer' | 'admin'>

export interface LoginValues {
  email: string
  password: string
}

export interface SignUpValues {
  name: string
  email: string
  phone: string
  accountType: AccountType
  /** Only asked for, and only sent, when accountType is admin. */
  adminCode: string
  password: string
  confirmPassword: string
  acceptTerms: boolean
}

/** One message per invalid field; empty when the form may be sent. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

// The browser's own check for type=email, which the forms turn off (noValidate) to show these.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** 'Email is required', or a format message, or undefined for a usable address. */
export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return 'Email is required'
  if (!EMAIL_PATTERN.test(email.trim())) return 'Please enter a valid email address'
  return undefined
}

/** Login: e-mail and password required. */
export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {}
  const email = validateEmail(values.email)
  if (email) errors.email = email
  if (!values.password) errors.password = 'Password is required'
  return errors
}

/**
 * Sign-up (spec section 5): name, e-mail, phone, password and its confirmation required, the two
 * passwords equal, the terms accepted; an admin also needs the admin sign-up code.
 */
export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {}
  if (!values.name.trim()) errors.name = 'Full name is required'
  const email = validateEmail(values.email)
  if (email) errors.email = email
  if (!values.phone.trim()) errors.phone = 'Phone number is required'
  if (values.accountType === 'admin' && !values.adminCode.trim()) {
    errors.adminCode = 'Admin sign-up code is required'
  }
  if (!values.password) errors.password = 'Password is required'
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password'
  else if (values.password && values.password !== values.confirmPassword) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch
  }
  if (!values.acceptTerms) errors.acceptTerms = AUTH_MESSAGES.termsRequired
  return errors
}

export interface NewPasswordValues {
  password: string
  confirmPassword: string
}

/** Setting a new password after a recovery link: both fields, and the same password twice. */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {}
  if (!values.password) errors.password = 'Password is required'
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password'
  else if (values.password && values.password !== values.confirmPassword) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch
  }
  return errors
}
