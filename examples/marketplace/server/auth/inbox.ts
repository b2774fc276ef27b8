import type { ApiRequest, ApiResponse, BackendContext } from '../http/types.ts'

interface MailRow {
  to_address: string
  subject: string
  kind: string
  link: string
  sent_at: Date
}

/** The newest mails the page shows. */
const PAGE_SIZE = 200

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for HTML content and quoted attribute values. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string)

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2937; }
  h1 { font-size: 1.5rem; margin-bottom: .25rem; }
  p.note { color: #4b5563; margin-top: 0; }
  ol { list-style: none; padding: 0; }
  li { border: 1px solid #d1d5db; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
  .meta { color: #4b5563; font-size: .875rem; }
  a { color: #1d4ed8; word-break: break-all; }
`

function page(mails: MailRow[]): string {
  const items = mails
    .map(
      (mail) => `<li>
  <div><strong>${escapeHtml(mail.subject)}</strong></div>
  <div class="meta">To ${escapeHtml(mail.to_address)} &middot; ${escapeHtml(mail.kind)} &middot; <time datetime="${escapeHtml(mail.sent_at.toISOString())}">${escapeHtml(mail.sent_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></div>
  <div><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></div>
</li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Local inbox</h1>
<p class="note">Every mail the marketplace's local backend would have sent, newest first. Open a link to confirm an address or reset a password. <a href="">Refresh</a></p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ol>\n${items}\n</ol>`}
</main>
</body>
</html>
`
}

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
 * GET /inbox: the local inbox, an HTML page listing the mails of auth.local_mails (confirmation and
 * recovery links) newest first, every value escaped. For development only: the links sign people in,
 * so the gateway serves it to this machine only (a loopback peer and Host) and to no other origin.
 */
export function createInboxHandler(ctx: BackendContext): (req: ApiRequest) => Promise<ApiResponse> {
  return async (req): Promise<ApiResponse> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return { status: 405, headers: { allow: 'GET, HEAD' }, body: 'The local inbox is read with GET.' }
    }
    const result = await ctx.db.asOwner((tx) =>
      tx.query<MailRow>(
        'select to_address, subject, kind, link, sent_at from auth.local_mails order by sent_at desc, id desc limit $1',
        [PAGE_SIZE],
      ),
    )
    return { status: 200, headers: PAGE_HEADERS, body: page(result.rows) }
  }
}
