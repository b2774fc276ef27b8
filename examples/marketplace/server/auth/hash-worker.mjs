// One worker of the password hasher pool (password-hash.ts): bcrypt hashes and compares, off the
// main thread. Plain JavaScript, because Node 20 cannot run TypeScript in a worker.
//
//   in:  { id, op: 'hash', password, cost } | { id, op: 'compare', password, hash }
//   out: { id, ok: true, value } | { id, ok: false, message }
import { parentPort } from 'node:worker_threads'
import bcrypt from 'bcryptjs'

parentPort.on('message', (task) => {
  try {
    const value =
      task.op === 'hash'
        ? bcrypt.hashSync(task.password, task.cost)
        : bcrypt.compareSync(task.password, task.hash)
    parentPort.postMessage({ id: task.id, ok: true, value })
  } catch (error) {
    parentPort.postMessage({
      id: task.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    })
  }
})
