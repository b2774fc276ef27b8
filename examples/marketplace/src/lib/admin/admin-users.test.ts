import { describe, expect, test } from 'vitest'
import {
  adminUserFromRow,
  avatarIndex,
  avatarInitials,
  formatJoined,
  formatLastActive,
  messageProblems,
  SaveUserError,
  saveUserFailure,
  userDraftProblems,
} from './admin-users.ts'
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from './mail.ts'

describe('an admin_users row', () => {
  test('becomes the spec admin user row, without the stored avatar link', () => {
    const user = adminUserFromRow({
      id: 'c0ffee00-0000-4000-8000-000000000001',
      name: 'Meera Kulkarni',
      email: 'meera@example.in',
      phone: '',
      role: 'premium',
      status: 'suspended',
      created_at: '2026-11-01T10:00:00Z',
      last_active_at: null,
      listings_count: 4,
      avatar_url: 'https://images.example.com/meera.jpg',
    } as Parameters<typeof adminUserFromRow>[0])
    expect(user).toEqual({
      id: 'c0ffee00-0000-4000-8000-000000000001',
      name: 'Meera Kulkarni',
      email: 'meera@example.in',
      phone: null,
      role: 'premium',
      status: 'suspended',
      joinedAt: '2026-11-01T10:00:00Z',
      lastActiveAt: null,
      listingsCount: 4,
    })
  })
})

describe('the user form checks', () => {
  const draft = { name: 'Meera', email: 'meera@example.in', phone: '' }

  test('a name and an e-mail address are enough', () => {
    expect(userDraftProblems(draft)).toEqual({})
    expect(userDraftProblems({ ...draft, phone: '+91 (984) 501-2345' })).toEqual({})
  })

  test('each missing or malformed field has its message', () => {
    expect(userDraftProblems({ name: '  ', email: '', phone: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    })
    expect(userDraftProblems({ ...draft, email: 'meera@example' }).email).toBe(
      'Please enter a valid email address',
    )
  })

  test('a phone number has 7 to 15 digits and nothing but phone punctuation', () => {
    const message = 'Enter a phone number of 7 to 15 digits (spaces, +, - and brackets are fine)'
    expect(userDraftProblems({ ...draft, phone: '12345' }).phone).toBe(message)
    expect(userDraftProblems({ ...draft, phone: '1234567890123456' }).phone).toBe(message)
    expect(userDraftProblems({ ...draft, phone: '98450 1234x' }).phone).toBe(message)
    expect(userDraftProblems({ ...draft, phone: '98+4501234' }).phone).toBe(message)
    expect(userDraftProblems({ ...draft, phone: '9845012' }).phone).toBeUndefined()
  })
})

describe('avatars', () => {
  test('initials: first and last word of the name, else the e-mail', () => {
    expect(avatarInitials('Meera Kulkarni', 'm@example.in')).toBe('MK')
    expect(avatarInitials('  ravi  shankar  rao ', 'r@example.in')).toBe('RR')
    expect(avatarInitials('Asha', 'a@example.in')).toBe('A')
    expect(avatarInitials('', 'zoya@example.in')).toBe('Z')
    expect(avatarInitials('', '')).toBe('?')
    expect(avatarInitials('ಅನಿಲ್ ಕುಮಾರ್', 'x@example.in')).toBe('ಅಕ')
  })

  test('the colour is the same for the same id and within the palette', () => {
    const id = '5b0e3a52-9b7d-4f62-8c1e-0d9a7f3e2a11'
    expect(avatarIndex(id, 8)).toBe(avatarIndex(id, 8))
    for (const other of ['a', 'b', id, `${id}x`, '']) {
      const index = avatarIndex(other, 8)
      expect(index).toBeGreaterThanOrEqual(0)
      expect(index).toBeLessThan(8)
    }
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map((key) => avatarIndex(key, 8))).size).toBeGreaterThan(1)
  })
})

describe('dates', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString()

  test('last active: never, just now, minutes, hours, days, then the date', () => {
    expect(formatLastActive(null, now)).toBe('Never')
    expect(formatLastActive('garbage', now)).toBe('Unknown')
    expect(formatLastActive(before(30_000), now)).toBe('Just now')
    expect(formatLastActive(before(60_000), now)).toBe('1 minute ago')
    expect(formatLastActive(before(45 * 60_000), now)).toBe('45 minutes ago')
    expect(formatLastActive(before(3 * 3_600_000), now)).toBe('3 hours ago')
    expect(formatLastActive(before(26 * 3_600_000), now)).toBe('1 day ago')
    expect(formatLastActive(before(6 * 86_400_000), now)).toBe('6 days ago')
    expect(formatLastActive('2026-11-03T08:00:00Z', now)).toBe('3 Nov 2026')
  })

  test('joined', () => {
    expect(formatJoined('2026-01-15T08:00:00Z')).toBe('15 Jan 2026')
    expect(formatJoined('')).toBe('Unknown')
  })
})

describe('a refused save', () => {
  test('a taken address is said plainly, on the e-mail field', () => {
    const error = saveUserFailure(
      { code: '23505', message: 'duplicate key value violates unique constraint "users_email_key"' },
      ' Meera@Example.in ',
    )
    expect(error).toBeInstanceOf(SaveUserError)
    expect(error.message).toBe('Another account already uses meera@example.in')
    expect(error.field).toBe('email')
  })

  test("the database's own messages pass as they are", () => {
    expect(
      saveUserFailure({ code: '22023', message: 'A valid e-mail address is required' }, 'x'),
    ).toMatchObject({ message: 'A valid e-mail address is required', field: 'email' })
    expect(
      saveUserFailure({ code: '42501', message: 'Only an admin can create or edit accounts' }, 'x'),
    ).toMatchObject({ message: 'Only an admin can create or edit accounts', field: null })
  })
})

describe('Send Message checks', () => {
  test('each field has its own message, by the mail limits', () => {
    expect(messageProblems({ subject: 'Your listing', body: 'Hello' })).toEqual({})
    expect(messageProblems({ subject: '  ', body: '' })).toEqual({
      subject: 'Write a subject',
      body: 'Write a message',
    })
    expect(
      messageProblems({ subject: 's'.repeat(MAIL_SUBJECT_MAX + 1), body: 'b'.repeat(MAIL_BODY_MAX + 1) }),
    ).toEqual({
      subject: `A subject is at most ${MAIL_SUBJECT_MAX} characters`,
      body: `A message is at most ${MAIL_BODY_MAX} characters`,
    })
    expect(messageProblems({ subject: ` ${'s'.repeat(MAIL_SUBJECT_MAX)} `, body: 'b' })).toEqual({})
  })
})
