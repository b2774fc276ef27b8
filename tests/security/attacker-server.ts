import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A page on another loopback port, as an attacker's local page (or a page a DNS-rebound name points
 * at) would be: it answers every path with `html()`, read at each request. Stopped by the test.
 */
export interface AttackerServer {
  origin: string
  close: () => Promise<void>
}

export async function startAttackerServer(html: () => string): Promise<AttackerServer> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
