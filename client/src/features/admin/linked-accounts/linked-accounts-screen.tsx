import "./linked-accounts-texts.ts";
import "./linked-accounts.css";
import type { LinkedGroup } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { LinkedGroupView } from "./linked-group.tsx";
import { useLoaded } from "./use-loaded.ts";

const GROUPS = "/api/admin/linked-accounts";

interface GroupPage {
  groups: LinkedGroup[];
  page: number;
  hasMore: boolean;
}

/**
 * The Linked accounts screen (superAdmin; auditors read it masked): the groups, the latest
 * changed first, each with its members and reasons; `?group=<id>` opens one.
 */
export default function LinkedAccountsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groupId = params.get("group");
  return (
    <section className="linked-accounts">
      <h1>{t("linked.title")}</h1>
      <p>{t("linked.intro")}</p>
      {groupId ? <OneGroup id={groupId} /> : <Groups page={Number(params.get("page")) || 1} />}
    </section>
  );
}

function Groups({ page }: { page: number }) {
  const { t } = useTranslation();
  const { data, failure } = useLoaded<GroupPage>(`${GROUPS}?page=${page}`);
  if (!data) return <p role="status">{failure ?? t("common.loading")}</p>;
  if (data.groups.length === 0) return <p>{t("linked.empty")}</p>;
  return (
    <>
      {data.groups.map((group) => (
        <div key={group.id} className="linked-entry">
          <LinkedGroupView
            group={group}
            heading={t("linked.group", { id: group.id.slice(0, 8) })}
          />
          <Link className="button button-small" to={`?group=${group.id}`}>
            {t("linked.open")}
          </Link>
        </div>
      ))}
      <nav className="pager" aria-label={t("linked.title")}>
        {page > 1 && (
          <Link className="button button-small button-secondary" to={`?page=${page - 1}`}>
            {t("linked.previous")}
          </Link>
        )}
        {data.hasMore && (
          <Link className="button button-small button-secondary" to={`?page=${page + 1}`}>
            {t("linked.next")}
          </Link>
        )}
      </nav>
    </>
  );
}

function OneGroup({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, failure } = useLoaded<LinkedGroup>(`${GROUPS}/${encodeURIComponent(id)}`);
  return (
    <>
      <Link to="?">{t("linked.back")}</Link>
      {data ? (
        <LinkedGroupView group={data} heading={t("linked.group", { id: data.id.slice(0, 8) })} />
      ) : (
        <p role="status">{failure ?? t("common.loading")}</p>
      )}
    </>
  );
}
