/**
 * One mail of the local inbox: an auth mail (auth.local_mails: a confirmation or recovery link) or an
 * admin's mail (public.outbound_mails: a message or a newsletter, with its text).
 */
export interface InboxMail {
  to_address: string
  subject: string
  /** signup or recovery (a link), message or newsletter (a text). */
  kind: string
  link: string | null
  body: string | null
  sent_at: Date
}

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
  .body { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: .5rem; }
  a { color: #1d4ed8; word-break: break-all; }
`

/** A mail's link (an auth mail) or its text, kept as written: line breaks shown, nothing read as HTML. */
function content(mail: InboxMail): string {
  if (mail.link !== null) return `<div><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></div>`
  return `<div class="body">${escapeHtml(mail.body ?? '')}</div>`
}

/** The inbox as an HTML page, newest mail first as given; every value escaped. */
export function inboxPage(mails: readonly InboxMail[]): string {
  const items = mails
    .map(
      (mail) => `<li>
  <div><strong>${escapeHtml(mail.subject)}</strong></div>
  <div class="meta">To ${escapeHtml(mail.to_address)} &middot; ${escapeHtml(mail.kind)} &middot; <time datetime="${escapeHtml(mail.sent_at.toISOString())}">${escapeHtml(mail.sent_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></div>
  ${content(mail)}
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
<p class="note">Every mail the marketplace's local backend would have sent, newest first: sign-up and password links, and the admins' messages and newsletters. Open a link to confirm an address or reset a password. <a href="">Refresh</a></p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ol>\n${items}\n</ol>`}
</main>
</body>
</html>
`
}
