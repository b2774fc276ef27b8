import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AdminFixture, dataOf, expectRefused, openAdminFixture } from './admin-test-support.ts'
import { describeEachDatabase } from './test-databases.ts'

// The admin's mail and the site's settings (issue 30, 20261128000200_admin_mail_and_settings.sql):
// Send Message and Send Newsletter queue mails in public.outbound_mails, which the local inbox shows;
// System Settings writes public.site_settings, which everyone reads. Every call audited.

interface MailRow {
  id: number
  to_address: string
  to_user: string | null
  subject: string
  body: string
  kind: string
  sent_by: string
  delivered_at: Date | null
}

const ids = {
  premium: '30000000-0000-4000-8000-0000000000b1',
  suspended: '30000000-0000-4000-8000-0000000000b2',
  pending: '30000000-0000-4000-8000-0000000000b3',
  phoneOnly: '30000000-0000-4000-8000-0000000000b4',
}

describeEachDatabase((database) => {
  let fx: AdminFixture

  beforeAll(async () => {
    fx = await openAdminFixture('admin-mail-', database)
    await fx.backend.createUser(ids.premium, 'priya30@example.com', 'Priya')
    await fx.backend.createUser(ids.suspended, 'suresh30@example.com', 'Suresh')
    await fx.backend.createUser(ids.pending, 'pallavi30@example.com', 'Pallavi')
    await fx.owner(
      `insert into auth.users (id, phone, phone_confirmed_at, raw_user_meta_data)
       values ($1, '919800000030', now(), '{"name": "Phone Only"}')`,
      [ids.phoneOnly],
    )
    await fx.owner(`update public.users set role = 'premium' where id = $1`, [ids.premium])
    await fx.owner(`update public.users set status = 'suspended' where id = $1`, [ids.suspended])
    await fx.owner(`update public.users set status = 'pending' where id = $1`, [ids.pending])
  })

  afterAll(async () => {
    await fx?.close()
  })

  const mails = () => fx.owner<MailRow>('select * from public.outbound_mails order by id')
  const mailsSince = (afterId: number) =>
    fx.owner<MailRow>('select * from public.outbound_mails where id > $1 order by id', [afterId])
  const lastMailId = async () =>
    (await fx.owner<{ id: number | null }>('select max(id) as id from public.outbound_mails'))[0]?.id ?? 0
  const settings = async () =>
    (await fx.owner<{ announcement: string; support_email: string; updated_by: string | null }>(
      'select announcement, support_email, updated_by from public.site_settings',
    )) as [{ announcement: string; support_email: string; updated_by: string | null }]

  describe('only an active admin', () => {
    const calls = (): [string, Record<string, unknown>][] => [
      ['admin_send_message', { target: fx.ids.b, subject: 'Hello', body: 'A message.' }],
      ['admin_send_newsletter', { subject: 'News', body: 'All of it.', audience: 'all' }],
      ['admin_save_settings', { announcement: 'Taken over', support_email: 'evil@example.com' }],
    ]

    test('a customer and the anonymous visitor are refused, and nothing is queued, saved or audited', async () => {
      const before = [await fx.snapshot(), JSON.stringify(await mails()), JSON.stringify(await settings())]
      for (const [name, args] of calls()) {
        expectRefused(await fx.as.a.rpc(name, args), 403, /^Only an admin can /)
        expectRefused(await fx.as.anon.rpc(name, args), 401, `permission denied for function ${name}`)
      }
      expect([await fx.snapshot(), JSON.stringify(await mails()), JSON.stringify(await settings())]).toEqual(
        before,
      )
    })

    test('no API role reads or writes the mail queue, not even an admin', async () => {
      dataOf(
        await fx.as.admin.rpc('admin_send_message', { target: fx.ids.a, subject: 'Hidden', body: 'Secret.' }),
      )
      for (const client of [fx.as.anon, fx.as.a, fx.as.admin]) {
        expect((await client.from('outbound_mails').select('id')).error?.code).toBe('42501')
        const row = {
          to_address: 'x@example.com',
          subject: 'S',
          body: 'B',
          kind: 'message',
          sent_by: fx.ids.a,
        }
        expect((await client.from('outbound_mails').insert(row)).error?.code).toBe('42501')
        expect((await client.from('outbound_mails').delete().gt('id', 0)).error?.code).toBe('42501')
      }
    })
  })

  describe('Send Message', () => {
    test('one mail to the user, trimmed, queued undelivered and audited', async () => {
      const afterMail = await lastMailId()
      const afterAudit = await fx.lastAuditId()
      const answer = dataOf<{ id: number; to_address: string }>(
        await fx.as.admin.rpc('admin_send_message', {
          target: fx.ids.b,
          subject: '  Your listing  ',
          body: '\nPlease add a photo.\nThanks!  \n',
        }),
      )
      expect(answer.to_address).toBe('bhim30@example.com')
      const queued = await mailsSince(afterMail)
      expect(queued).toEqual([
        expect.objectContaining({
          id: answer.id,
          to_address: 'bhim30@example.com',
          to_user: fx.ids.b,
          subject: 'Your listing',
          body: 'Please add a photo.\nThanks!',
          kind: 'message',
          sent_by: fx.ids.admin,
          delivered_at: null,
        }),
      ])
      expect(await fx.auditSince(afterAudit)).toEqual([
        expect.objectContaining({
          actor: fx.ids.admin,
          action: 'user.message',
          target_type: 'user',
          target_id: fx.ids.b,
          target_label: 'bhim30@example.com',
          detail: { subject: 'Your listing', mail_id: answer.id },
        }),
      ])
    })

    test('a suspended user may still be told why', async () => {
      const answer = dataOf<{ to_address: string }>(
        await fx.as.admin.rpc('admin_send_message', { target: ids.suspended, subject: 'Why', body: 'Spam.' }),
      )
      expect(answer.to_address).toBe('suresh30@example.com')
    })

    test('bad subjects and messages, an unknown user, an account without e-mail: clear errors, nothing queued', async () => {
      const before = [await lastMailId(), await fx.lastAuditId()]
      const send = (args: Record<string, unknown>) =>
        fx.as.admin.rpc('admin_send_message', { target: fx.ids.b, subject: 'Hi', body: 'Text', ...args })
      for (const [args, message] of [
        [{ subject: '   ' }, 'Write a subject'],
        [{ subject: null }, 'Write a subject'],
        [{ subject: 'x'.repeat(151) }, 'A subject is at most 150 characters'],
        [{ subject: 'Two\nlines' }, 'A subject is one line of text'],
        [{ body: ' \n ' }, 'Write a message'],
        [{ body: 'x'.repeat(5001) }, 'A message is at most 5000 characters'],
        [{ target: ids.phoneOnly }, 'Phone Only has no e-mail address'],
      ] as const) {
        expect((await send(args)).error).toMatchObject({ code: '22023', message })
      }
      const missing = '30000000-0000-4000-8000-00000000dead'
      const unknown = await send({ target: missing })
      expect(unknown.error).toMatchObject({ code: 'PT404', message: `No user ${missing}` })
      expect(unknown.status).toBe(404)
      // The limits themselves are fine.
      dataOf(await send({ subject: 's'.repeat(150), body: 'b'.repeat(5000) }))
      const [afterMail, afterAudit] = [await lastMailId(), await fx.lastAuditId()]
      expect([afterMail, afterAudit]).toEqual([(before[0] as number) + 1, (before[1] as number) + 1])
    })
  })

  describe('Send Newsletter', () => {
    const activeOf = async (role: string | null) =>
      (
        await fx.owner<{ id: string }>(
          `select id from public.users where status = 'active' and email <> '' and ($1::text is null or role = $1)
           order by id`,
          [role],
        )
      ).map((row) => row.id)

    test('one mail to each active account of the audience, none to suspended, pending or phone-only ones', async () => {
      for (const audience of ['all', 'customer', 'premium', 'admin'] as const) {
        const afterMail = await lastMailId()
        const afterAudit = await fx.lastAuditId()
        const answer = dataOf<{ recipients: number }>(
          await fx.as.admin.rpc('admin_send_newsletter', {
            subject: ` Diwali offers for ${audience} `,
            body: 'Half price on featured listings.',
            audience,
          }),
        )
        const expected = await activeOf(audience === 'all' ? null : audience)
        const queued = await mailsSince(afterMail)
        expect(answer.recipients).toBe(expected.length)
        expect(queued.map((row) => row.to_user).sort()).toEqual(expected)
        for (const row of queued) {
          expect(row).toMatchObject({ kind: 'newsletter', subject: `Diwali offers for ${audience}` })
        }
        const recipients = queued.map((row) => row.to_user)
        expect(recipients).not.toContain(ids.suspended)
        expect(recipients).not.toContain(ids.pending)
        expect(recipients).not.toContain(ids.phoneOnly)
        expect(await fx.auditSince(afterAudit)).toEqual([
          expect.objectContaining({
            action: 'newsletter.send',
            target_type: 'newsletter',
            target_id: audience,
            target_label: `Diwali offers for ${audience}`,
            detail: { subject: `Diwali offers for ${audience}`, audience, recipients: expected.length },
          }),
        ])
      }
      expect(await activeOf('premium')).toEqual([ids.premium])
      expect(await activeOf('customer')).toEqual(expect.arrayContaining([fx.ids.a, fx.ids.b]))
    })

    test('an audience with nobody in it: recipients 0, nothing queued, the attempt audited', async () => {
      await fx.owner(`update public.users set status = 'suspended' where id = $1`, [ids.premium])
      try {
        const afterMail = await lastMailId()
        const answer = dataOf<{ recipients: number }>(
          await fx.as.admin.rpc('admin_send_newsletter', { subject: 'S', body: 'B', audience: 'premium' }),
        )
        expect(answer).toEqual({ recipients: 0 })
        expect(await mailsSince(afterMail)).toEqual([])
      } finally {
        await fx.owner(`update public.users set status = 'active' where id = $1`, [ids.premium])
      }
    })

    test('an unknown audience or an empty subject: 22023, nothing queued', async () => {
      const before = await lastMailId()
      expect(
        (await fx.as.admin.rpc('admin_send_newsletter', { subject: 'S', body: 'B', audience: 'user' })).error,
      ).toMatchObject({ code: '22023', message: 'audience is all, customer, premium or admin' })
      expect(
        (await fx.as.admin.rpc('admin_send_newsletter', { subject: '', body: 'B' })).error,
      ).toMatchObject({
        code: '22023',
        message: 'Write a subject',
      })
      expect(await lastMailId()).toBe(before)
    })
  })

  describe('the local inbox', () => {
    test('shows a sent message with its text escaped, merged newest first, and marks it delivered', async () => {
      const answer = dataOf<{ id: number }>(
        await fx.as.admin.rpc('admin_send_message', {
          target: fx.ids.a,
          subject: 'About <b>your</b> lamp',
          body: 'Line one & <script>alert(1)</script>\nLine two',
        }),
      )
      const html = await (await fetch(`${fx.backend.backend.url}/inbox`)).text()
      expect(html).not.toContain('<script>alert')
      expect(html).not.toContain('<b>your</b>')
      expect(html).toContain('About &lt;b&gt;your&lt;/b&gt; lamp')
      expect(html).toContain('Line one &amp; &lt;script&gt;alert(1)&lt;/script&gt;\nLine two')
      expect(html).toContain('To asha30@example.com &middot; message')
      // Newest first: the message above the newsletters sent before it.
      expect(html.indexOf('About &lt;b&gt;')).toBeLessThan(html.indexOf('Diwali offers'))
      const [row] = await fx.owner<MailRow>('select * from public.outbound_mails where id = $1', [answer.id])
      expect(row?.delivered_at).toBeInstanceOf(Date)
    })
  })

  describe('System Settings', () => {
    test('everyone reads the announcement and support e-mail, not who saved them', async () => {
      for (const client of [fx.as.anon, fx.as.a]) {
        const read = await client.from('site_settings').select('announcement, support_email, updated_at')
        expect(read.error).toBeNull()
        expect(read.data).toEqual([
          expect.objectContaining({ announcement: '', support_email: 'support@gulbargaclassifieds.in' }),
        ])
        expect((await client.from('site_settings').select('updated_by')).error?.code).toBe('42501')
      }
    })

    test('nobody writes the table directly, not even an admin', async () => {
      for (const client of [fx.as.admin, fx.as.a, fx.as.anon]) {
        expect(
          (await client.from('site_settings').update({ announcement: 'x' }).eq('id', true)).error?.code,
        ).toBe('42501')
        expect((await client.from('site_settings').insert({ id: true })).error?.code).toBe('42501')
      }
      expect((await settings())[0].announcement).toBe('')
    })

    test('saved through admin_save_settings: trimmed, lower-cased, audited with the changes', async () => {
      const afterAudit = await fx.lastAuditId()
      const saved = dataOf<Record<string, unknown>>(
        await fx.as.admin.rpc('admin_save_settings', {
          announcement: '  Offices closed on 2 October.  ',
          support_email: ' Help@GulbargaClassifieds.in ',
        }),
      )
      expect(saved).toMatchObject({
        announcement: 'Offices closed on 2 October.',
        support_email: 'help@gulbargaclassifieds.in',
        changes: {
          announcement: { from: '', to: 'Offices closed on 2 October.' },
          support_email: { from: 'support@gulbargaclassifieds.in', to: 'help@gulbargaclassifieds.in' },
        },
      })
      expect(await settings()).toEqual([
        {
          announcement: 'Offices closed on 2 October.',
          support_email: 'help@gulbargaclassifieds.in',
          updated_by: fx.ids.admin,
        },
      ])
      const read = await fx.as.anon.from('site_settings').select('announcement')
      expect(read.data).toEqual([{ announcement: 'Offices closed on 2 October.' }])
      expect(await fx.auditSince(afterAudit)).toEqual([
        expect.objectContaining({
          action: 'settings.update',
          target_type: 'settings',
          target_id: 'site',
          detail: { changes: saved.changes },
        }),
      ])

      // The same again changes nothing and records nothing; null keeps a value.
      const again = dataOf<Record<string, unknown>>(
        await fx.as.admin.rpc('admin_save_settings', { announcement: 'Offices closed on 2 October.' }),
      )
      expect(again).toMatchObject({ support_email: 'help@gulbargaclassifieds.in', changes: {} })
      expect(await fx.auditSince(afterAudit)).toHaveLength(1)

      dataOf(
        await fx.as.admin.rpc('admin_save_settings', {
          announcement: '',
          support_email: 'support@gulbargaclassifieds.in',
        }),
      )
      expect((await settings())[0]).toMatchObject({
        announcement: '',
        support_email: 'support@gulbargaclassifieds.in',
      })
    })

    test('bad values: 22023 with what to fix, nothing saved', async () => {
      const before = [JSON.stringify(await settings()), await fx.lastAuditId()]
      for (const [args, message] of [
        [{ announcement: 'x'.repeat(281) }, 'An announcement is at most 280 characters'],
        [{ announcement: 'one\ntwo' }, 'An announcement is one line of text'],
        [{ support_email: 'support' }, 'Write the support e-mail as name@example.com'],
        [{ support_email: 'a@b' }, 'Write the support e-mail as name@example.com'],
        [{ support_email: 'a b@example.com' }, 'Write the support e-mail as name@example.com'],
        [{ support_email: `${'x'.repeat(250)}@example.com` }, 'Write the support e-mail as name@example.com'],
        [{ support_email: '' }, 'Write the support e-mail as name@example.com'],
      ] as const) {
        expect((await fx.as.admin.rpc('admin_save_settings', args)).error).toMatchObject({
          code: '22023',
          message,
        })
      }
      dataOf(await fx.as.admin.rpc('admin_save_settings', { announcement: 'y'.repeat(280) }))
      dataOf(await fx.as.admin.rpc('admin_save_settings', { announcement: '' }))
      expect(await fx.lastAuditId()).toBe((before[1] as number) + 2)
      expect(JSON.stringify(await settings())).toBe(before[0])
    })
  })
})
