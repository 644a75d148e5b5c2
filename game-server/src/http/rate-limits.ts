/** Requests allowed per client per minute on the endpoints worth attacking. */
export interface RateLimits {
  login: number;
  register: number;
  reset: number;
  money: number;
  /** Lottery tickets: a player may buy many, one request each. */
  tickets: number;
  /**
   * Registrations per client address, whatever the phone: a ceiling per minute and per day, high
   * enough for a carrier-NAT address many phones share, beside the per-address-and-phone limit.
   */
  registerPerAddress: number;
  registerPerAddressDaily: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: 10,
  register: 5,
  reset: 5,
  money: 30,
  tickets: 120,
  registerPerAddress: 30,
  registerPerAddressDaily: 200,
};

/** The limits a route names; the registration ceilings apply to registration by themselves. */
export type RateLimitName = Exclude<
  keyof RateLimits,
  "registerPerAddress" | "registerPerAddressDaily"
>;

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

export const REGISTRATION_CEILING_MESSAGE =
  "Too many accounts have been created from this network. Please try again later.";
