import { ConfigError } from "./config.ts";

/**
 * What to print when the server or a tool cannot start: configuration and start-up refusals
 * (ConfigError, StartupError) are one clear line; anything else keeps its stack.
 */
export function startupFailure(error: unknown): unknown {
  const expected =
    error instanceof ConfigError || (error instanceof Error && error.name === "StartupError");
  return expected ? (error as Error).message : error;
}
