import type { Page } from '@playwright/test'

/** The marketplace's accounts in the browser tests: the demo ones the global setup gives, fresh ones, sign-in and sign-up. */

export function env(name: string): string {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run the tests through playwright.config.ts (global setup sets it)`)
  return value
}

export const demoAdmin = () => ({
  email: env('MARKETPLACE_DEMO_ADMIN_EMAIL'),
  password: env('MARKETPLACE_DEMO_ADMIN_PASSWORD'),
})
export const demoCustomer = () => ({
  email: env('MARKETPLACE_DEMO_CUSTOMER_EMAIL'),
  password: env('MARKETPLACE_DEMO_CUSTOMER_PASSWORD'),
})

/** A fresh address per test, so runs and parallel workers never meet an existing account. */
export const freshEmail = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`

export const loginForm = (page: Page) => page.getByRole('form', { name: 'Login' })
export const signUpForm = (page: Page) => page.getByRole('form', { name: 'Sign up' })

export async function logIn(page: Page, account: { email: string; password: string }, remember = true) {
  await page.goto('/auth')
  const form = loginForm(page)
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password').fill(account.password)
  if (remember) await form.getByLabel('Remember me').check()
  await form.getByRole('button', { name: 'Login' }).click()
}

export interface NewAccount {
  name: string
  email: string
  password: string
  adminCode?: string
}

export async function fillSignUp(page: Page, account: NewAccount) {
  const form = signUpForm(page)
  await form.getByLabel('Full Name').fill(account.name)
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Phone Number').fill('+91 98765 43210')
  if (account.adminCode !== undefined) {
    await form.getByLabel('Account Type').selectOption('admin')
    await form.getByLabel('Admin sign-up code').fill(account.adminCode)
  }
  await form.getByLabel('Password', { exact: true }).fill(account.password)
  await form.getByLabel('Confirm Password').fill(account.password)
  await form.getByRole('checkbox', { name: /I agree to the/ }).check()
  await form.getByRole('button', { name: 'Create Account' }).click()
}
