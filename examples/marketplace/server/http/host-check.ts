import { isIP } from 'node:net'

/**
 * The Host check against DNS rebinding, with Vite's rules (its `server.allowedHosts`): a page on a
 * name the attacker controls, made to resolve to 127.0.0.1, reaches this server from the user's own
 * browser (a loopback peer) with that name in Host. Allowed: IP addresses (no name to rebind),
 * `localhost` and `*.localhost` (which never leave the machine), and the configured names (`.example.com`
 * allows the name and its subdomains; `true` allows every name).
 *
 *   isHostAllowed('127.0.0.1:5173', [])          ->  true
 *   isHostAllowed('localhost:5173', [])          ->  true
 *   isHostAllowed('rebind.attacker.test:5173', [])  ->  false
 *   isHostAllowed('box.lan:5173', ['.lan'])      ->  true
 */

/** Names this backend answers besides loopback: Vite's resolved allowedHosts, or MARKETPLACE_ALLOWED_HOSTS. */
export type AllowedHosts = readonly string[] | true

/** The name in a Host header (no port, no IPv6 brackets), lower case; null when it is not one. */
export function hostnameOf(host: string): string | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/i.exec(host.trim())
  if (!match || !URL.canParse(`http://${host.trim()}/`)) return null
  return (match[1] ?? match[2] ?? '').toLowerCase()
}

const isLocalName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost')

/** Whether a request's Host may be answered; a request without one (not a browser's) may, one that is no host name may not. */
export function isHostAllowed(host: string | undefined, allowed: AllowedHosts): boolean {
  if (host === undefined) return true
  const hostname = hostnameOf(host)
  if (hostname === null) return false
  if (allowed === true || isIP(hostname) !== 0 || isLocalName(hostname)) return true
  return allowed.some((name) => {
    const entry = name.toLowerCase()
    return entry.startsWith('.')
      ? hostname === entry.slice(1) || hostname.endsWith(entry)
      : hostname === entry
  })
}

/**
 * The inbox's Host check: as every route's, except that allowing every name (`true`) still leaves
 * it to loopback and IP addresses: its links sign people in.
 */
export const isInboxHostAllowed = (host: string | undefined, allowed: AllowedHosts) =>
  isHostAllowed(host, allowed === true ? [] : allowed)

/** Whether a peer address is this machine's (IPv4, IPv6, or IPv4 mapped into IPv6). */
export const isLoopbackAddress = (address: string | undefined) =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true

/** What a refused Host is told: the name, why, and where to allow one. */
export function hostRefusalMessage(host: string | undefined): string {
  const name = hostnameOf(host ?? '') ?? host ?? ''
  return `Blocked request: this host (${JSON.stringify(name)}) is not allowed. The marketplace backend answers loopback names (localhost, 127.0.0.1, [::1]) and the names configured for it (Vite's server.allowedHosts or preview.allowedHosts when mounted; MARKETPLACE_ALLOWED_HOSTS or --host when run alone): a name that only resolves to this machine may be a page's DNS rebinding.`
}
