import { describe, expect, test } from 'vitest'
import { characterCount, MAIL_BODY_MAX, MAIL_SUBJECT_MAX, mailProblem } from './mail.ts'
import { ANNOUNCEMENT_MAX, settingsProblem } from './site-settings.ts'

// The dialogs' checks, the same rules and messages as the database's (20261128000200, whose tests in
// server/db/admin-mail-settings.test.ts send the same texts).

describe('characterCount', () => {
  test('counts characters after trimming, as char_length does: an emoji or a Kannada letter is one', () => {
    expect(characterCount('  Diwali  ')).toBe(6)
    expect(characterCount('🪔 ಹಬ್ಬ')).toBe(6)
    expect(characterCount(' \n ')).toBe(0)
  })
})

describe('mailProblem', () => {
  const ok = { subject: 'Diwali offers', body: 'Half price.' }

  test('a subject and a message within their limits: none', () => {
    expect(mailProblem(ok)).toBeNull()
    expect(mailProblem({ subject: 's'.repeat(MAIL_SUBJECT_MAX), body: 'b'.repeat(MAIL_BODY_MAX) })).toBeNull()
    // Counted after trimming, so padding does not count.
    expect(mailProblem({ subject: ` ${'s'.repeat(MAIL_SUBJECT_MAX)} `, body: 'b' })).toBeNull()
  })

  test('each problem, the subject first, in the database’s words', () => {
    expect(mailProblem({ ...ok, subject: '  ' })).toBe('Write a subject')
    expect(mailProblem({ ...ok, subject: 's'.repeat(151) })).toBe('A subject is at most 150 characters')
    expect(mailProblem({ ...ok, subject: 'Two\tparts' })).toBe('A subject is one line of text')
    expect(mailProblem({ ...ok, body: '\n' })).toBe('Write a message')
    expect(mailProblem({ ...ok, body: 'b'.repeat(5001) })).toBe('A message is at most 5000 characters')
    expect(mailProblem({ subject: '', body: '' })).toBe('Write a subject')
  })
})

describe('settingsProblem', () => {
  const ok = { announcement: 'Offices closed on 2 October.', supportEmail: 'help@gulbargaclassifieds.in' }

  test('an empty announcement (none shown) and an address: none', () => {
    expect(settingsProblem(ok)).toBeNull()
    expect(settingsProblem({ ...ok, announcement: '' })).toBeNull()
    expect(settingsProblem({ ...ok, announcement: 'a'.repeat(ANNOUNCEMENT_MAX) })).toBeNull()
    expect(settingsProblem({ ...ok, supportEmail: ' Help@Example.co.in ' })).toBeNull()
  })

  test('each problem on its field', () => {
    expect(settingsProblem({ ...ok, announcement: 'a'.repeat(281) })).toEqual({
      field: 'announcement',
      message: 'An announcement is at most 280 characters',
    })
    expect(settingsProblem({ ...ok, announcement: 'one\ntwo' })?.message).toBe(
      'An announcement is one line of text',
    )
    for (const supportEmail of ['', 'support', 'a@b', 'a b@example.com', 'a@@example.com', 'a@example.']) {
      expect(settingsProblem({ ...ok, supportEmail })).toEqual({
        field: 'supportEmail',
        message: 'Write the support e-mail as name@example.com',
      })
    }
  })
})
