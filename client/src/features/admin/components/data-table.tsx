import "../admin-texts.ts";
import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryClient, queryKeys, refreshLists, useApiQuery } from "../../../lib/queries.ts";
import "../../../components/records/records.css";

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

type Answer = Record<string, unknown> & { currentPage: number; totalPages: number };

/**
 * The one table of the back office: a search box, Prev and Next (disabled at the ends),
 * 'Page X of Y', pages fetched from the server and cached. Below 640 px each row is a card
 * with every cell labelled, actions included, so nothing scrolls sideways. `listKey` names the
 * array in the answer.
 */
export function DataTable<Row extends { id: string }>(props: {
  path: string;
  listKey: string;
  columns: Column<Row>[];
  empty: string;
  searchable?: boolean;
  /** A search to start with (a link to one request: `?search=<its id>`). */
  initialSearch?: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState(props.initialSearch ?? "");
  const [query, setQuery] = useState(props.initialSearch ?? "");
  const params = new URLSearchParams({ page: String(page) });
  if (query) params.set("search", query);
  const { data: answer, isError } = useApiQuery<Answer>(
    [...queryKeys.adminTable(props.path), page, query],
    `${props.path}${props.path.includes("?") ? "&" : "?"}${params}`,
    // New and decided requests arrive over the staff channel (live/staff-channel.tsx): no polling.
    { placeholderData: keepPreviousData },
  );
  // List failures leave the empty text (admin spec section 8); the next read may succeed.
  const rows = isError ? [] : ((answer?.[props.listKey] as Row[] | undefined) ?? null);
  const totalPages = answer?.totalPages ?? 1;

  return (
    <div className="data-table">
      {props.searchable !== false && (
        <form
          className="table-search"
          aria-label={t("admin.search")}
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setQuery(search.trim());
          }}
        >
          <label htmlFor={`${props.listKey}-search`} className="visually-hidden">
            {t("admin.search")}
          </label>
          <input
            id={`${props.listKey}-search`}
            type="search"
            value={search}
            placeholder={t("admin.search")}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="button button-small">
            {t("admin.search")}
          </button>
        </form>
      )}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={row.id}>
                {props.columns.map((column) => (
                  <td key={column.header} data-label={column.header}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows?.length === 0 && <p className="table-empty">{props.empty}</p>}
      <nav className="pager" aria-label={t("admin.pages")}>
        <button
          type="button"
          className="button button-small"
          disabled={!rows || page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          {t("admin.prev")}
        </button>
        <span>{t("admin.pageOf", { page: answer?.currentPage ?? page, total: totalPages })}</span>
        <button
          type="button"
          className="button button-small"
          disabled={!rows || page >= totalPages}
          onClick={() => setPage((p) => p + 1)}
        >
          {t("admin.next")}
        </button>
      </nav>
    </div>
  );
}

/**
 * After a decision or a change: the row shows it at once on every cached page of the table, then
 * the table is read again (the server answers once its lists hold the change).
 */
export async function changeRow<Row extends { id: string }>(
  path: string,
  listKey: string,
  id: string,
  change: Partial<Row> | null,
) {
  queryClient.setQueriesData<Answer>({ queryKey: queryKeys.adminTable(path) }, (answer) => {
    if (!answer) return answer;
    const rows = (answer[listKey] as Row[]) ?? [];
    const changed = change
      ? rows.map((row) => (row.id === id ? { ...row, ...change } : row))
      : rows.filter((row) => row.id !== id);
    return { ...answer, [listKey]: changed };
  });
  await refreshLists(queryKeys.adminTable(path));
}
