import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js'
import { describe, expect, test } from 'vitest'
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  AUTH_MESSAGES,
  authErrorCode,
  loginErrorMessage,
  signUpErrorMessage,
} from './messages.ts'

describe('the auth messages of the error catalogue (spec section 8), verbatim', () => {
  test('texts', () => {
    expect(AUTH_MESSAGES).toEqual({
      emailNotConfirmed: 'Please check your email and confirm your account before logging in.',
      loginFailed: 'An error occurred. Please try again.',
      signUpFailed: 'An error occurred during registration. Please try again.',
      googleFailed: 'An error occurred with Google sign in',
      signUpSucceeded: 'Account created successfully! You can now log in.',
      passwordsDoNotMatch: 'Passwords do not match',
      termsRequired: 'You must agree to the terms and conditions',
    })
  })

  test('login auth error: the server message', () => {
    const error = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')
    expect(loginErrorMessage(error)).toBe('Invalid login credentials')
  })

  test('a suspended account (user_banned): what happened and what to do', () => {
    expect(loginErrorMessage(new AuthApiError('User is banned', 400, 'user_banned'))).toBe(
      ACCOUNT_SUSPENDED_MESSAGE,
    )
  })

  test("'Email not confirmed': the confirm-your-account text, by code or by an older server's message", () => {
    expect(loginErrorMessage(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'))).toBe(
      AUTH_MESSAGES.emailNotConfirmed,
    )
    expect(loginErrorMessage(new AuthApiError('Email not confirmed', 400, undefined))).toBe(
      AUTH_MESSAGES.emailNotConfirmed,
    )
  })

  test('other login failures: the generic text', () => {
    expect(loginErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      AUTH_MESSAGES.loginFailed,
    )
    expect(loginErrorMessage(new AuthUnknownError('boom', null))).toBe(AUTH_MESSAGES.loginFailed)
    expect(loginErrorMessage(new TypeError('x is undefined'))).toBe(AUTH_MESSAGES.loginFailed)
    expect(loginErrorMessage(new AuthApiError('', 500, undefined))).toBe(AUTH_MESSAGES.loginFailed)
  })

  test('sign-up auth error: the server message; anything else the registration text', () => {
    const refused = new AuthApiError(
      'Admin sign-up needs a valid admin sign-up code',
      403,
      'unexpected_failure',
    )
    expect(signUpErrorMessage(refused)).toBe('Admin sign-up needs a valid admin sign-up code')
    expect(signUpErrorMessage(new AuthApiError('User already registered', 422, 'user_already_exists'))).toBe(
      'User already registered',
    )
    expect(signUpErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      AUTH_MESSAGES.signUpFailed,
    )
    expect(signUpErrorMessage(new Error('boom'))).toBe(AUTH_MESSAGES.signUpFailed)
  })

  test('weak password: the message with its reasons, on sign-up and on sign-in', () => {
    const weak = new AuthWeakPasswordError('Password is too weak.', 422, [
      'length',
      'pwned',
      // A reason newer than this client: passed through as it is.
      'other' as 'pwned',
    ])
    const expected =
      'Password is too weak. Reasons: it is too short; it appears in a known data breach; other.'
    expect(signUpErrorMessage(weak)).toBe(expected)
    expect(loginErrorMessage(weak)).toBe(expected)
    expect(signUpErrorMessage(new AuthWeakPasswordError('Password is too weak.', 422, []))).toBe(
      'Password is too weak.',
    )
  })
})

test('authErrorCode: the code, or the code an older server meant by its message', () => {
  expect(authErrorCode(new AuthApiError('Invalid login credentials', 400, undefined))).toBe(
    'invalid_credentials',
  )
  expect(authErrorCode(new AuthApiError('x', 400, 'over_request_rate_limit'))).toBe('over_request_rate_limit')
  expect(authErrorCode(new Error('Email not confirmed'))).toBeUndefined()
})
