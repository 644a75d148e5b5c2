import "./linked-accounts-texts.ts";
import "./linked-accounts.css";
import type { PlayerLinks } from "@igp/shared";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LinkedGroupView } from "./linked-group.tsx";
import { useLoaded } from "./use-loaded.ts";

const StaffSaferPlay = lazy(() => import("../../safer-play/staff-view.tsx"));

/**
 * A player's page in the back office (the players screen's `?player=<id>`): their limits and
 * breaks, and the accounts linked to theirs with why.
 */
export default function PlayerDetails({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data: links, failure } = useLoaded<PlayerLinks>(
    `/api/admin/players/${encodeURIComponent(userId)}/linked-accounts`,
  );
  if (!links) return <p role="status">{failure ?? t("common.loading")}</p>;
  const heading = t("linked.player", { name: links.player.fullName });
  return (
    <>
      <Suspense fallback={<p>{t("common.loading")}</p>}>
        <StaffSaferPlay userId={userId} name={links.player.fullName} />
      </Suspense>
      {links.group ? (
        <LinkedGroupView group={links.group} heading={heading} />
      ) : (
        <section className="card" aria-label={heading}>
          <h2>{heading}</h2>
          <p>{t("linked.none")}</p>
        </section>
      )}
    </>
  );
}
