import type { SupabaseClient } from '@supabase/supabase-js'

/**
 * The admin's mail (issue 30): a message to one user (Manage Users' Send Message) and the newsletter
 * (the Dashboard's quick action), through the database's admin functions `admin_send_message` and
 * `admin_send_newsletter` (supabase/migrations/20261128000200_admin_mail_and_settings.sql). Each
 * checks that the caller is an admin, queues the mails in `public.outbound_mails` and records the
 * action in the audit table. The local backend's /inbox shows the queued mails; on a real project a
 * mail service sends them (docs/MARKETPLACE-BACKEND.md).
 */

/** A subject's and a message's longest length, in characters after trimming (the database's limits). */
export const MAIL_SUBJECT_MAX = 150
export const MAIL_BODY_MAX = 5000

/** Who a newsletter goes to: the active accounts of everyone or of one role. */
export const NEWSLETTER_AUDIENCES = [
  { id: 'all', label: 'All users' },
  { id: 'customer', label: 'Customers' },
  { id: 'premium', label: 'Premium users' },
  { id: 'admin', label: 'Admins' },
] as const
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number]['id']

/**
 * A text's length as the database counts it (char_length: characters, so an emoji is one), after
 * trimming as the database trims: what the dialogs' counters show.
 */
export const characterCount = (text: string): number => [...text.trim()].length

/**
 * What is wrong with a subject and message before they are sent, as the database says it, or null when
 * both are fine: each is 1 to its maximum characters after trimming, the subject one line.
 */
export function mailProblem(mail: { subject: string; body: string }): string | null {
  const subject = characterCount(mail.subject)
  const body = characterCount(mail.body)
  if (subject === 0) return 'Write a subject'
  if (subject > MAIL_SUBJECT_MAX) return `A subject is at most ${MAIL_SUBJECT_MAX} characters`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is what it finds
  if (/[\u0000-\u001f\u007f]/.test(mail.subject.trim())) return 'A subject is one line of text'
  if (body === 0) return 'Write a message'
  if (body > MAIL_BODY_MAX) return `A message is at most ${MAIL_BODY_MAX} characters`
  return null
}

/**
 * The local inbox's address when the app runs on the local backend (no VITE_SUPABASE_URL: the backend
 * is this origin's, and serves /inbox); null on a real Supabase project, whose mail service sends.
 */
export function localInboxUrl(): string | null {
  return import.meta.env.VITE_SUPABASE_URL ? null : new URL('/inbox', window.location.origin).href
}

/** The database's message for the admin (its error texts are written for people). */
function failure(error: { message: string }): Error {
  return new Error(error.message)
}

/** Sends one mail to one user (`to` is their id); the queued mail's id and the address it goes to. */
export async function sendMessage(
  client: SupabaseClient,
  mail: { to: string; subject: string; body: string },
): Promise<{ id: number; toAddress: string }> {
  const { data, error } = await client.rpc('admin_send_message', {
    target: mail.to,
    subject: mail.subject,
    body: mail.body,
  })
  if (error) throw failure(error)
  const answer = data as { id: number; to_address: string }
  return { id: answer.id, toAddress: answer.to_address }
}

/**
 * Sends the newsletter: one mail to each active account of the audience (suspended and pending
 * accounts get none). `recipients` is how many; 0 when nobody is in the audience.
 */
export async function sendNewsletter(
  client: SupabaseClient,
  mail: { subject: string; body: string; audience: NewsletterAudience },
): Promise<{ recipients: number }> {
  const { data, error } = await client.rpc('admin_send_newsletter', {
    subject: mail.subject,
    body: mail.body,
    audience: mail.audience,
  })
  if (error) throw failure(error)
  return { recipients: (data as { recipients: number }).recipients }
}
