import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { AGENT_CALL_TIMEOUT_MS, AGENT_POLL_MS } from '../../protocol/agent.ts'
import { AgentRelay, PRESENCE_HOLD_MS } from './agent-relay.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A request whose connection the test closes. */
function connection() {
  const listeners: (() => void)[] = []
  return {
    onClose: (listener: () => void) => listeners.push(listener),
    close: () => {
      for (const listener of listeners) listener()
    },
  }
}

test('a question with no editor page open is refused at once (NO_EDITOR)', async () => {
  const relay = new AgentRelay()
  await expect(relay.ask('get_selection', {})).rejects.toMatchObject({ code: 'NO_EDITOR' })
})

test("the editor page's poll takes the question, and its answer is the agent's, with the canvas", async () => {
  const relay = new AgentRelay()
  const poll = relay.next('canvas-1', connection().onClose)
  expect(relay.canvasId).toBe('canvas-1')
  const asked = relay.ask('get_selection', { a: 1 })
  const next = await poll
  expect(next.question).toMatchObject({ question: 'get_selection', input: { a: 1 } })
  expect(relay.answer({ id: next.question?.id as string, result: { route: '/' } })).toBe(true)
  await expect(asked).resolves.toEqual({ result: { route: '/' }, canvasId: 'canvas-1' })
  // Answered once: a second answer is unknown.
  expect(relay.answer({ id: next.question?.id as string, result: null })).toBe(false)
})

test("the editor's refusal keeps its code; no answer in time is EDITOR_TIMEOUT", async () => {
  const relay = new AgentRelay()
  const first = relay.next('c', connection().onClose)
  const refused = relay.ask('undo', {})
  const { question } = await first
  relay.answer({
    id: question?.id as string,
    error: { code: 'NOTHING_TO_UNDO', message: 'Nothing to undo.' },
  })
  await expect(refused).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO', message: 'Nothing to undo.' })

  void relay.next('c', connection().onClose)
  const late = relay.ask('get_selection', {})
  const expectation = expect(late).rejects.toMatchObject({ code: 'EDITOR_TIMEOUT' })
  await vi.advanceTimersByTimeAsync(AGENT_CALL_TIMEOUT_MS + 1)
  await expectation
})

test('a poll with nothing for it ends empty after AGENT_POLL_MS; a page gone past its grace is not open', async () => {
  const relay = new AgentRelay()
  const poll = relay.next('c', connection().onClose)
  await vi.advanceTimersByTimeAsync(AGENT_POLL_MS)
  await expect(poll).resolves.toEqual({ question: null, news: [], agents: 0 })
  expect(relay.canvasId).toBe('c')
  await vi.advanceTimersByTimeAsync(10_000)
  expect(relay.canvasId).toBeNull()
})

test("an agent's presence is news for the open pages, and its end too once the grace has passed", async () => {
  const relay = new AgentRelay()
  const first = relay.next('c', connection().onClose)
  const agent = connection()
  const presence = relay.present('agent-1', agent.onClose)
  expect(relay.agents).toBe(1)
  expect((await first).news).toEqual([{ kind: 'presence', agents: 1 }])
  agent.close()
  await expect(presence).resolves.toEqual({ agents: 1 })
  const later = relay.next('c', connection().onClose)
  await vi.advanceTimersByTimeAsync(3_100)
  expect(relay.agents).toBe(0)
  expect((await later).news).toEqual([{ kind: 'presence', agents: 0 }])
  // A held presence is answered after PRESENCE_HOLD_MS (the agent sends the next at once).
  const held = relay.present('agent-1', connection().onClose)
  await vi.advanceTimersByTimeAsync(PRESENCE_HOLD_MS)
  await expect(held).resolves.toEqual({ agents: 1 })
})

test("an apply the editor page writes answers the agent once its last change is written, the page's answer then moot", async () => {
  const relay = new AgentRelay()
  const poll = relay.next('c', connection().onClose)
  const asked = relay.ask('apply', { changes: [{}, {}] })
  const { question } = await poll
  const id = question?.id as string
  relay.wrote(id, { files: ['a.tsx'] })
  let settled = false
  void asked.then(() => {
    settled = true
  })
  await Promise.resolve()
  expect(settled).toBe(false)
  relay.wrote(id, { files: ['b.tsx'] })
  await expect(asked).resolves.toEqual({
    result: { responses: [{ files: ['a.tsx'] }, { files: ['b.tsx'] }] },
    canvasId: 'c',
  })
  expect(relay.answer({ id, result: { responses: [] } })).toBe(false)
})
