import * as v from 'valibot'
import {
  AGENT_ANSWER_PATH,
  AGENT_CALL_PATH,
  AGENT_NEXT_PATH,
  AGENT_PRESENCE_PATH,
  AGENT_STATUS_PATH,
  type AgentCallResponse,
  type AgentStatusResponse,
  agentAnswerSchema,
  agentCallSchema,
  agentNextSchema,
  MAX_AGENT_ANSWER_BYTES,
} from '../../protocol/agent.ts'
import { type GatedEndpoint, gatedBody, sendJson } from '../gate/middleware.ts'
import { AgentRefusal, type AgentRelay } from './agent-relay.ts'

const presenceSchema = v.object(
  { agent: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'an id of letters, digits, - and _')) },
  'a JSON object',
)

/**
 * The agent bridge's endpoints (protocol/agent.ts), gated like every other: an agent's question
 * relayed to the editor page (call), the page's long poll (next) and answer, an agent's presence,
 * and the status an agent reads first (which canvas its edits go to).
 */
export function agentEndpoints(relay: AgentRelay): ReadonlyMap<string, GatedEndpoint> {
  return new Map<string, GatedEndpoint>([
    [
      AGENT_CALL_PATH,
      async (request, response, gate) => {
        const call = await gatedBody(
          request,
          response,
          gate,
          AGENT_CALL_PATH,
          'Agent calls are',
          'agent call',
          agentCallSchema,
        )
        let answer: AgentCallResponse
        try {
          const { result, canvasId } = await relay.ask(call.question, call.input)
          answer = { ok: true, result, canvasId }
        } catch (error) {
          if (!(error instanceof AgentRefusal)) throw error
          answer = { ok: false, error: { code: error.code, message: error.message } }
        }
        sendJson(response, 200, answer)
      },
    ],
    [
      AGENT_NEXT_PATH,
      async (request, response, gate) => {
        const { canvasId } = await gatedBody(
          request,
          response,
          gate,
          AGENT_NEXT_PATH,
          'Agent questions are',
          'agent next',
          agentNextSchema,
        )
        const next = await relay.next(canvasId, (listener) => response.once('close', listener))
        if (!response.writableEnded && !response.destroyed) sendJson(response, 200, next)
      },
    ],
    [
      AGENT_ANSWER_PATH,
      async (request, response, gate) => {
        const answer = await gatedBody(
          request,
          response,
          gate,
          AGENT_ANSWER_PATH,
          'Agent answers are',
          'agent answer',
          agentAnswerSchema,
          MAX_AGENT_ANSWER_BYTES,
        )
        sendJson(response, 200, { ok: relay.answer(answer) })
      },
    ],
    [
      AGENT_PRESENCE_PATH,
      async (request, response, gate) => {
        const { agent } = await gatedBody(
          request,
          response,
          gate,
          AGENT_PRESENCE_PATH,
          'Presence is',
          'agent presence',
          presenceSchema,
        )
        const answer = await relay.present(agent, (listener) => response.once('close', listener))
        if (!response.writableEnded && !response.destroyed) sendJson(response, 200, answer)
      },
    ],
    [
      AGENT_STATUS_PATH,
      async (request, response, gate) => {
        await gatedBody(
          request,
          response,
          gate,
          AGENT_STATUS_PATH,
          'Agent status is',
          'agent status',
          v.object({}, 'a JSON object'),
        )
        const status: AgentStatusResponse = { canvasId: relay.canvasId, agents: relay.agents }
        sendJson(response, 200, status)
      },
    ],
  ])
}
