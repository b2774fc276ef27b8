import type { ApiRequest, ApiResponse, BackendContext } from '../http/types.ts'
import { type InboxMail, inboxPage } from './inbox-page.ts'

/** The newest mails the page shows. */
const PAGE_SIZE = 200

/** A mail of either table, with where it came from (outbound mails are marked delivered once shown). */
type MailRow = InboxMail & { source: 'auth' | 'outbound'; id: number; delivered: boolean }

/**
 * The newest of both tables merged, newest first: each table's newest PAGE_SIZE (its created-at index),
 * then the merge's.
 */
const NEWEST_MAILS = `
  select m.* from (
    (select 'auth' as source, a.id, a.to_address, a.subject, a.kind, a.link, null::text as body, a.sent_at,
        true as delivered
      from auth.local_mails a order by a.sent_at desc, a.id desc limit $1)
    union all
    (select 'outbound', o.id, o.to_address, o.subject, o.kind, null, o.body, o.created_at,
        o.delivered_at is not null
      from public.outbound_mails o order by o.created_at desc, o.id desc limit $1)
  ) m
  order by m.sent_at desc, m.id desc
  limit $1`

/**
 * The page's headers: no script, no framing by another page, not readable by another origin (the
 * gateway sends no CORS for it), nothing of the links in a Referer.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}

/**
 * GET /inbox: the local inbox, an HTML page listing newest first the mails of auth.local_mails
 * (confirmation and recovery links) and of public.outbound_mails (the admins' messages and newsletters,
 * their text shown as text), every value escaped. Locally this page is the mail service: an outbound
 * mail it shows is delivered (delivered_at set), as a real project's sender would mark it. For
 * development only: the links sign people in, so the gateway serves it to this machine only (a
 * loopback peer and Host) and to no other origin.
 */
export function createInboxHandler(ctx: BackendContext): (req: ApiRequest) => Promise<ApiResponse> {
  return async (req): Promise<ApiResponse> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return { status: 405, headers: { allow: 'GET, HEAD' }, body: 'The local inbox is read with GET.' }
    }
    const mails = await ctx.db.asOwner(async (tx) => {
      const { rows } = await tx.query<MailRow>(NEWEST_MAILS, [PAGE_SIZE])
      const delivered = rows
        .filter((row) => row.source === 'outbound' && !row.delivered)
        .map((row) => String(row.id))
      if (req.method === 'GET' && delivered.length > 0) {
        await tx.query(
          'update public.outbound_mails set delivered_at = now() where id = any($1::bigint[]) and delivered_at is null',
          [delivered],
        )
      }
      return rows
    })
    return { status: 200, headers: PAGE_HEADERS, body: inboxPage(mails) }
  }
}
