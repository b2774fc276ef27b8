import { AuthError } from './errors.ts'

interface Bucket {
  tokens: number
  at: number
}

/** Past this many tracked addresses, the ones back at a full budget are forgotten. */
const PRUNE_AT = 10_000

/**
 * GoTrue's per-IP limit, a token bucket: `burst` requests at once, refilled evenly over `windowMs`
 * (30 per 5 minutes: 30 at once, then one every 10 s). In memory: a restart forgets it.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
    private readonly error: (retryAfterSeconds: number) => AuthError,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request from `ip`; throws the limiter's error (429) when its budget is spent. */
  take(ip: string): void {
    const now = this.now()
    const bucket = this.buckets.get(ip) ?? { tokens: this.burst, at: now }
    const tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.burst) / this.windowMs)
    if (tokens < 1) {
      this.buckets.set(ip, { tokens, at: now })
      throw this.error(Math.ceil(((1 - tokens) * this.windowMs) / this.burst / 1000))
    }
    this.buckets.set(ip, { tokens: tokens - 1, at: now })
    if (this.buckets.size > PRUNE_AT) this.prune(now)
  }

  private prune(now: number): void {
    for (const [ip, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.burst) / this.windowMs >= this.burst)
        this.buckets.delete(ip)
    }
  }
}

/** 429 over_request_rate_limit, GoTrue's answer past the /token limit. */
export const requestRateLimited = (retryAfter: number) =>
  new AuthError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    { 'retry-after': String(retryAfter) },
  )

/** 429 over_email_send_rate_limit, GoTrue's answer past the limit of mails (sign-up confirmation, recovery). */
export const emailRateLimited = (retryAfter: number) =>
  new AuthError(
    429,
    'over_email_send_rate_limit',
    'Email rate limit exceeded',
    {},
    { 'retry-after': String(retryAfter) },
  )
