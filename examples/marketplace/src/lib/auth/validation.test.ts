import { describe, expect, test } from 'vitest'
import { type SignUpValues, validateLogin, validateNewPassword, validateSignUp } from './validation.ts'

const valid: SignUpValues = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  accountType: 'customer',
  adminCode: '',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  acceptTerms: true,
}

describe('sign-up validation (spec section 5)', () => {
  test('a complete form has no errors', () => {
    expect(validateSignUp(valid)).toEqual({})
  })

  test('name, email, phone, password and its confirmation are required (blank counts as empty)', () => {
    const errors = validateSignUp({
      ...valid,
      name: '  ',
      email: '',
      phone: ' ',
      password: '',
      confirmPassword: '',
    })
    expect(errors).toEqual({
      name: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
  })

  test("'Passwords do not match'", () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'correct horse!' })).toEqual({
      confirmPassword: 'Passwords do not match',
    })
  })

  test("'You must agree to the terms and conditions'", () => {
    expect(validateSignUp({ ...valid, acceptTerms: false })).toEqual({
      acceptTerms: 'You must agree to the terms and conditions',
    })
  })

  test('an admin needs the admin sign-up code; a customer never does', () => {
    expect(validateSignUp({ ...valid, accountType: 'admin' })).toEqual({
      adminCode: 'Admin sign-up code is required',
    })
    expect(validateSignUp({ ...valid, accountType: 'admin', adminCode: 'S3CRET' })).toEqual({})
    expect(validateSignUp({ ...valid, adminCode: '' })).toEqual({})
  })

  test('an e-mail must look like one', () => {
    expect(validateSignUp({ ...valid, email: 'asha@' }).email).toBe('Please enter a valid email address')
    expect(validateSignUp({ ...valid, email: ' asha@example.in ' }).email).toBeUndefined()
  })
})

test('login validation: e-mail and password required', () => {
  expect(validateLogin({ email: '', password: '' })).toEqual({
    email: 'Email is required',
    password: 'Password is required',
  })
  expect(validateLogin({ email: 'asha@example.in', password: 'x' })).toEqual({})
})

test('a new password: both fields, the same twice', () => {
  expect(validateNewPassword({ password: 'a', confirmPassword: 'b' })).toEqual({
    confirmPassword: 'Passwords do not match',
  })
  expect(validateNewPassword({ password: '', confirmPassword: '' })).toEqual({
    password: 'Password is required',
    confirmPassword: 'Please confirm your password',
  })
})
