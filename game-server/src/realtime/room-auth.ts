import { ServerError } from "@colyseus/core";
import { isCurrentToken, type Tokens } from "../accounts/tokens.ts";
import type { UserRow, UsersRepository } from "../accounts/users-repository.ts";

export type RoomUser = Pick<UserRow, "id" | "role" | "full_name">;

/**
 * Rooms take the same bearer token as the API (the SDK sends it with `client.auth.token`),
 * checked the same way: a valid token of ours, an existing account, the current token version,
 * not blocked.
 */
export function createRoomAuth(tokens: Tokens, users: UsersRepository) {
  return async (token: string | undefined): Promise<RoomUser> => {
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new ServerError(401, "Please sign in.");
    const user = await users.findSignedIn(claims.userId);
    if (user?.status === "blocked") throw new ServerError(403, "Your account is blocked.");
    if (!user || !isCurrentToken(claims, user))
      throw new ServerError(401, "Your session has expired. Please sign in again.");
    return { id: user.id, role: user.role, full_name: user.full_name };
  };
}
export type RoomAuth = ReturnType<typeof createRoomAuth>;
