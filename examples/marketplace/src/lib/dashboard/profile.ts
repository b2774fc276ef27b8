import type { SupabaseClient } from '@supabase/supabase-js'

/** The spec's texts (sections 5 and 8), word for word, and this page's own. */
export const PROFILE_MESSAGES = {
  notAuthenticated: 'Not authenticated',
  profileSaved: 'Profile information saved successfully!',
  preferencesSaved: 'Notification preferences saved successfully!',
  passwordRequired: 'Enter your current password and the new one twice',
  passwordMismatch: 'Passwords do not match',
  passwordSame: 'The new password is the same as the current one',
  passwordWrong: 'The current password is not correct',
  passwordChanged: 'Your password was changed. Use it the next time you log in.',
} as const

/** The default sample PIN code (spec section 9). */
export const DEFAULT_PIN_CODE = '585101'

export interface PasswordChange {
  current: string
  next: string
  confirm: string
}

/** The first problem with a password change before it is sent, or null. */
export function passwordChangeProblem(change: PasswordChange): string | null {
  if (change.current === '' || change.next === '' || change.confirm === '')
    return PROFILE_MESSAGES.passwordRequired
  if (change.next !== change.confirm) return PROFILE_MESSAGES.passwordMismatch
  if (change.next === change.current) return PROFILE_MESSAGES.passwordSame
  return null
}

/**
 * The signed-in user's own record (issue 29): the full name in `users` (row-level security: their row
 * only), the password through the auth server after the current one is checked, and the account
 * deleted by the database's `delete_own_account`.
 */
export class Profile {
  constructor(private readonly client: SupabaseClient) {}

  async #user() {
    const { data, error } = await this.client.auth.getUser()
    if (error || !data.user) throw new Error(PROFILE_MESSAGES.notAuthenticated)
    return data.user
  }

  async saveFullName(name: string): Promise<void> {
    const user = await this.#user()
    const { data, error } = await this.client
      .from('users')
      .update({ name: name.trim() })
      .eq('id', user.id)
      .select('id')
    if (error) throw new Error(error.message)
    if (!data || data.length === 0) throw new Error(PROFILE_MESSAGES.notAuthenticated)
  }

  async changePassword(change: PasswordChange): Promise<void> {
    const problem = passwordChangeProblem(change)
    if (problem) throw new Error(problem)
    const user = await this.#user()
    if (!user.email) throw new Error('This account has no e-mail to check the current password against')
    const checked = await this.client.auth.signInWithPassword({ email: user.email, password: change.current })
    if (checked.error) throw new Error(PROFILE_MESSAGES.passwordWrong)
    const { error } = await this.client.auth.updateUser({ password: change.next })
    if (error) throw new Error(error.message)
  }

  async deleteAccount(): Promise<void> {
    await this.#user()
    const { error } = await this.client.rpc('delete_own_account')
    if (error) throw new Error(error.message)
  }
}
