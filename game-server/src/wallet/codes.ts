import { randomInt } from "node:crypto";

/** Upper case, without look-alikes (0/O, 1/I/L): easy to read out at an agent's counter. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** An unguessable code: 8 characters, about 40 bits. */
export function newCode(length = 8): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
