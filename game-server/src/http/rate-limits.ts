/** Requests allowed per client per minute on the endpoints worth attacking. */
export interface RateLimits {
  login: number;
  register: number;
  reset: number;
  money: number;
  /** Lottery tickets: a player may buy many, one request each. */
  tickets: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: 10,
  register: 5,
  reset: 5,
  money: 30,
  tickets: 120,
};

export type RateLimitName = keyof RateLimits;

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";
