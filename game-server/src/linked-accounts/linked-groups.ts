import type { AccountLink, LinkedGroup, LinkKind } from "@igp/shared";
import type { Queryable } from "../database/queryable.ts";

/** Groups per page of the back office's list. */
export const GROUPS_PER_PAGE = 20;

interface MemberRow {
  group_id: string;
  id: string;
  full_name: string;
  phone: string | null;
  status: "active" | "blocked";
  created_at: Date;
  linked_at: Date;
}

interface LinkRow {
  group_id: string;
  kind: LinkKind;
  key: string;
  since: Date;
  player_ids: string[];
}

interface GroupRow {
  id: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * The group of linked accounts `playerId` belongs to, with why its members are linked, or null
 * when nothing links the player to another. A player is in one group at most (groups merge), so
 * this is what any screen that wants 'who else is this?' calls (the approval screens too).
 */
export async function linkedAccountsOf(
  db: Queryable,
  playerId: string,
): Promise<LinkedGroup | null> {
  const { rows } = await db.query<GroupRow>(
    `SELECT g.id, g.created_at, g.updated_at
       FROM linked_account_members m JOIN linked_account_groups g ON g.id = m.group_id
      WHERE m.user_id = $1`,
    [playerId],
  );
  if (!rows[0]) return null;
  return (await describeGroups(db, rows))[0]!;
}

/** One group by its id, or null (never was, or merged into another since). */
export async function linkedGroup(db: Queryable, groupId: string): Promise<LinkedGroup | null> {
  const { rows } = await db.query<GroupRow>(
    "SELECT id, created_at, updated_at FROM linked_account_groups WHERE id = $1",
    [groupId],
  );
  return rows[0] ? (await describeGroups(db, rows))[0]! : null;
}

/** A page of groups, the latest changed first. */
export async function linkedGroups(db: Queryable, page: number) {
  const { rows } = await db.query<GroupRow>(
    `SELECT id, created_at, updated_at FROM linked_account_groups
      ORDER BY updated_at DESC, id LIMIT $1 OFFSET $2`,
    [GROUPS_PER_PAGE + 1, (page - 1) * GROUPS_PER_PAGE],
  );
  return {
    groups: await describeGroups(db, rows.slice(0, GROUPS_PER_PAGE)),
    page,
    hasMore: rows.length > GROUPS_PER_PAGE,
  };
}

/** Members and links of `groups`, in two queries whatever their number. */
async function describeGroups(db: Queryable, groups: GroupRow[]): Promise<LinkedGroup[]> {
  const ids = groups.map((group) => group.id);
  const { rows: members } = await db.query<MemberRow>(
    `SELECT m.group_id, u.id, u.full_name, u.phone, u.status, u.created_at, m.linked_at
       FROM linked_account_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ANY($1) ORDER BY m.linked_at, u.created_at, u.id`,
    [ids],
  );
  // A link is a trace two members or more share; a trace of one member alone links nobody.
  const { rows: links } = await db.query<LinkRow>(
    `SELECT m.group_id, t.kind, t.key, min(t.first_seen_at) AS since,
            array_agg(t.user_id::text ORDER BY t.first_seen_at, t.user_id) AS player_ids
       FROM linked_account_traces t JOIN linked_account_members m ON m.user_id = t.user_id
      WHERE m.group_id = ANY($1)
      GROUP BY m.group_id, t.kind, t.key HAVING count(*) > 1
      ORDER BY since`,
    [ids],
  );
  return groups.map((group) => ({
    id: group.id,
    createdAt: group.created_at.toISOString(),
    updatedAt: group.updated_at.toISOString(),
    members: members
      .filter((member) => member.group_id === group.id)
      .map((member) => ({
        id: member.id,
        fullName: member.full_name,
        phone: member.phone,
        status: member.status,
        createdAt: member.created_at.toISOString(),
        linkedAt: member.linked_at.toISOString(),
      })),
    links: links.filter((link) => link.group_id === group.id).map(linkOf),
  }));
}

/** A trace as the back office shows it: the payout account, a device's short name, an address. */
function linkOf(row: LinkRow): AccountLink {
  return {
    kind: row.kind,
    payoutAccount: row.kind === "payoutAccount" ? row.key : null,
    device: row.kind === "device" ? row.key.slice(0, 8) : null,
    // The key is the address, a space, and the burst's first sign-up time.
    signUpAddress: row.kind === "signUpBurst" ? row.key.slice(0, row.key.lastIndexOf(" ")) : null,
    since: row.since.toISOString(),
    playerIds: row.player_ids,
  };
}
