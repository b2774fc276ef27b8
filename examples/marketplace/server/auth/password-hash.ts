import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/** bcrypt's cost, as GoTrue's (2^10 rounds, some 50 ms in bcryptjs). */
export const BCRYPT_COST = 10

/**
 * Compared against when there is no user or no password, so that an unknown e-mail takes as long as
 * a wrong password. The hash of a random string nobody knows.
 */
export const DUMMY_HASH = '$2b$10$iUbAr4fT.fgo8lYgPL4AC.P0FaptGUZj/lUjy4tBNEua/WRVkFcVS'

type Task = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string }

interface Pending {
  id: number
  task: Task
  resolve: (value: string | boolean) => void
  reject: (error: Error) => void
}

interface Slot {
  worker: Worker
  running: Pending | null
}

type Reply = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; message: string }

/**
 * bcrypt in a pool of worker threads (one per core by default, started on first use), so that
 * concurrent sign-ins use every core and never block the event loop. An idle worker does not keep the
 * process alive; `close()` ends them all.
 *
 * The worker is `hash-worker.mjs`, found next to this file: Vite's config bundler rewrites
 * `import.meta.url` to this file's own URL, so the path holds when the backend is bundled too.
 */
export class PasswordHasher {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 0
  private closed = false

  constructor(private readonly size = availableParallelism()) {}

  hash(password: string): Promise<string> {
    return this.run({ op: 'hash', password, cost: BCRYPT_COST }) as Promise<string>
  }

  /** Whether `password` matches `hash`; false (never an error) for a malformed hash. */
  async compare(password: string, hash: string): Promise<boolean> {
    return (await this.run({ op: 'compare', password, hash })) === true
  }

  /** Ends the workers; pending and later calls fail. */
  async close(): Promise<void> {
    this.closed = true
    const error = new Error('The password hasher is closed')
    for (const pending of this.queue.splice(0)) pending.reject(error)
    const slots = this.slots.splice(0)
    for (const slot of slots) slot.running?.reject(error)
    await Promise.all(slots.map((slot) => slot.worker.terminate()))
  }

  private run(task: Task): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('The password hasher is closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve, reject })
      this.dispatch()
    })
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.running === null) ?? this.spawn()
      if (!slot) return
      const pending = this.queue.shift() as Pending
      slot.running = pending
      slot.worker.ref()
      slot.worker.postMessage({ id: pending.id, ...pending.task })
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null
    const worker = new Worker(fileURLToPath(new URL('./hash-worker.mjs', import.meta.url)))
    const slot: Slot = { worker, running: null }
    worker.on('message', (reply: Reply) => {
      const pending = slot.running
      if (!pending || pending.id !== reply.id) return
      slot.running = null
      worker.unref()
      if (reply.ok) pending.resolve(reply.value)
      else if (pending.task.op === 'compare') pending.resolve(false)
      else pending.reject(new Error(`bcrypt failed: ${reply.message}`))
      this.dispatch()
    })
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot)
      if (index === -1) return
      this.slots.splice(index, 1)
      slot.running?.reject(error)
      slot.running = null
      if (!this.closed) this.dispatch()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`A password hasher worker stopped (exit code ${code})`)))
    worker.unref()
    this.slots.push(slot)
    return slot
  }
}
