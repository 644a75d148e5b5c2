import "./linked-accounts-texts.ts";
import type { LinkedGroup } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useSession } from "../../../lib/session.tsx";

/** A player's page in the back office: the players screen with that player's details open. */
export const playerPage = (id: string) => `/admin/dashboard/players?player=${id}`;

/**
 * One group of linked accounts: its members (each a link to the player's page, for the
 * superAdmin who may open it) and why they are linked, each reason naming who shares it.
 */
export function LinkedGroupView({ group, heading }: { group: LinkedGroup; heading: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === "am" ? "am-ET" : "en-GB");
  const names = new Map(group.members.map((member) => [member.id, member.fullName]));
  const opensPlayers = user?.role === "superAdmin";
  return (
    <article className="card linked-group" aria-label={heading}>
      <h2>{heading}</h2>
      <p className="muted">
        {t("linked.members", { count: group.members.length })} ·{" "}
        {t("linked.updated", { when: when(group.updatedAt) })}
      </p>
      <ul className="linked-members">
        {group.members.map((member) => (
          <li key={member.id}>
            {opensPlayers ? (
              <Link to={playerPage(member.id)}>{member.fullName}</Link>
            ) : (
              member.fullName
            )}{" "}
            <span className="muted">
              {member.phone ?? ""} · {t("linked.signedUp", { when: when(member.createdAt) })}
              {member.status === "blocked" && ` · ${t("linked.blocked")}`}
            </span>
          </li>
        ))}
      </ul>
      <h3>{t("linked.why")}</h3>
      <ul className="linked-reasons">
        {group.links.map((link) => (
          <li key={`${link.kind}-${link.since}-${link.playerIds.join()}`}>
            <strong>
              {t(`linked.kind.${link.kind}`, {
                value: link.payoutAccount ?? link.device ?? link.signUpAddress ?? "",
              })}
            </strong>{" "}
            <span className="muted">({t("linked.since", { when: when(link.since) })})</span>:{" "}
            {link.playerIds.map((id) => names.get(id) ?? id.slice(0, 8)).join(", ")}
          </li>
        ))}
      </ul>
    </article>
  );
}
