import type { SupabaseClient } from '@supabase/supabase-js'
import { SITE } from '../../data/site.ts'
import { type RestApi, select } from '../listings/rest.ts'
import { characterCount } from './mail.ts'

/**
 * The site's settings (issue 30): the home page's announcement and the support e-mail the Contact page
 * shows. public.site_settings holds them (supabase/migrations/20261128000200_admin_mail_and_settings.sql):
 * everyone reads them, only the admin function `admin_save_settings` writes, and records the change.
 */
export interface SiteSettings {
  /** Shown on the home page; none when empty. */
  announcement: string
  supportEmail: string
}

/** The announcement's longest length, in characters after trimming (the database's limit). */
export const ANNOUNCEMENT_MAX = 280

/** What the pages show while the settings are read, or when they cannot be: the site's own data. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = { announcement: '', supportEmail: SITE.email }

/**
 * One address, as the database accepts it: no space or second @, a dot in the domain, 254 characters at
 * most. A browser's type="email" is looser (a@b), so the dialog checks this shape itself.
 */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/

/** What is wrong with the settings before they are saved, as the database says it; null when nothing. */
export function settingsProblem(settings: SiteSettings): {
  field: keyof SiteSettings
  message: string
} | null {
  const announcement = settings.announcement.trim()
  if (characterCount(announcement) > ANNOUNCEMENT_MAX) {
    return { field: 'announcement', message: `An announcement is at most ${ANNOUNCEMENT_MAX} characters` }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is what it finds
  if (/[\u0000-\u001f\u007f]/.test(announcement)) {
    return { field: 'announcement', message: 'An announcement is one line of text' }
  }
  const email = settings.supportEmail.trim()
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) {
    return { field: 'supportEmail', message: 'Write the support e-mail as name@example.com' }
  }
  return null
}

interface SettingsRow {
  announcement: string
  support_email: string
}

/**
 * The settings as any visitor reads them, over the anonymous REST API (no supabase-js, so public pages
 * stay light); the default when the row is missing.
 */
export async function readSiteSettings(api: RestApi): Promise<SiteSettings> {
  const [row] = await select<SettingsRow>(
    api,
    'site_settings',
    new URLSearchParams({ select: 'announcement,support_email' }),
    'Reading the site settings',
  )
  return row ? { announcement: row.announcement, supportEmail: row.support_email } : DEFAULT_SITE_SETTINGS
}

/** The settings as an admin reads them before editing: through the app's client and its session. */
export async function readSiteSettingsAsAdmin(client: SupabaseClient): Promise<SiteSettings> {
  const { data, error } = await client
    .from('site_settings')
    .select('announcement, support_email')
    .maybeSingle()
  if (error) throw new Error(error.message)
  const row = data as SettingsRow | null
  return row ? { announcement: row.announcement, supportEmail: row.support_email } : DEFAULT_SITE_SETTINGS
}

/**
 * Saves both values (trimmed, the e-mail lower-cased by the database); the settings as saved, and
 * whether anything changed. Errors carry the database's message.
 */
export async function saveSiteSettings(
  client: SupabaseClient,
  settings: SiteSettings,
): Promise<{ settings: SiteSettings; changed: boolean }> {
  const { data, error } = await client.rpc('admin_save_settings', {
    announcement: settings.announcement,
    support_email: settings.supportEmail,
  })
  if (error) throw new Error(error.message)
  const answer = data as SettingsRow & { changes: Record<string, unknown> }
  return {
    settings: { announcement: answer.announcement, supportEmail: answer.support_email },
    changed: Object.keys(answer.changes).length > 0,
  }
}
