import { createServer } from 'node:net'
import { networkInterfaces } from 'node:os'

/** Hosts that only this machine can reach: localhost, 127.0.0.0/8 and ::1 (bracketed or not). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name)
}

/** Hosts that listen on every interface of the machine. */
const isWildcard = (host: string) => ['0.0.0.0', '::', '[::]'].includes(host.trim())

/**
 * The names a browser on another machine puts in `Host` for a server on `host`, as visualEdit({
 * allowedHosts }) takes them (names and IPv4 addresses): the host itself, or for a wildcard every IPv4
 * address of this machine's network interfaces. IPv6 addresses cannot be listed there.
 */
export function remoteHostNames(host: string): string[] {
  if (!isWildcard(host)) return /^[a-z0-9.-]+$/i.test(host) ? [host.toLowerCase()] : []
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => address?.address as string)
}

/** Whether `port` can be listened on at `host` now; false when something else holds it. */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    )
    probe.listen(port, host, () => probe.close(() => resolve(true)))
  })
}

/** A port the OS says is free on `host` (Vite 5 and 6 read port 0 as their default, 5173). */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, host, () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * `port` when it is free on `host`, else the next free one above it, as Vite does without
 * `strictPort`, but chosen here so the CLI can say which. Errors other than "in use" (EACCES for a
 * privileged port, EADDRNOTAVAIL for an address of another machine) are thrown as they are.
 */
export async function availablePort(port: number, host: string): Promise<number> {
  for (let candidate = port; candidate <= 65535; candidate++) {
    if (await canListen(candidate, host)) return candidate
  }
  return freePort(host)
}
