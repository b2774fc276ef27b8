import { expect, test } from 'vitest'
import { AuthError } from './errors.ts'
import { RateLimiter, requestRateLimited } from './rate-limit.ts'

test('a burst of N, then one more every window/N, per address', () => {
  let now = 0
  const limiter = new RateLimiter(30, 300_000, requestRateLimited, () => now)
  for (let i = 0; i < 30; i++) limiter.take('a')
  expect(() => limiter.take('a')).toThrow(AuthError)
  limiter.take('b')
  now += 9_999
  expect(() => limiter.take('a')).toThrow(AuthError)
  now += 1
  limiter.take('a')
  expect(() => limiter.take('a')).toThrow(AuthError)
  now += 300_000
  for (let i = 0; i < 30; i++) limiter.take('a')
  expect(() => limiter.take('a')).toThrow(AuthError)
})

test('the error is GoTrue 429 over_request_rate_limit with Retry-After', () => {
  const limiter = new RateLimiter(1, 60_000, requestRateLimited, () => 0)
  limiter.take('a')
  try {
    limiter.take('a')
    expect.unreachable()
  } catch (error) {
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    })
    expect((error as AuthError).headers).toEqual({ 'retry-after': '60' })
  }
})
