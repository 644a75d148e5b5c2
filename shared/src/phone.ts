import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";

/** Numbers written without a country code are Ethiopian unless the server is told otherwise. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "ET";

/**
 * The E.164 form of a phone number (`0936164659` and `+251 93 616 4659` both give
 * `+251936164659`), or null when it is not a valid number. Every write and every lookup of a
 * phone goes through it, so one number can sit on one account only.
 */
export function normalisePhone(
  text: string,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

export { type CountryCode, isSupportedCountry };
