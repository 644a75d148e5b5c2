import { randomInt } from "node:crypto";
import { CODE_ALPHABET, CODE_LENGTH } from "@igp/shared";

/**
 * An unguessable code, upper case without look-alikes (0/O, 1/I/L): easy to read out at an
 * agent's counter or share with a friend. 8 characters of 31 is about 40 bits.
 */
export function newCode(length = CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
