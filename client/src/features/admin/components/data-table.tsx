import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api-client.ts";

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

interface Page<Row> {
  rows: Row[];
  currentPage: number;
  totalPages: number;
}

/**
 * The one table of the back office: a search box, Prev and Next (disabled at the ends),
 * 'Page X of Y', pages fetched from the server. `listKey` names the array in the answer.
 */
export function DataTable<Row extends { id: string }>(props: {
  path: string;
  listKey: string;
  columns: Column<Row>[];
  empty: string;
  searchable?: boolean;
  /** Bump to reload the current page (after an action). */
  version?: number;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [data, setData] = useState<Page<Row> | null>(null);

  const load = useCallback(async () => {
    const params = new URLSearchParams({ page: String(page) });
    if (query) params.set("search", query);
    try {
      const answer = await api<
        Record<string, unknown> & { currentPage: number; totalPages: number }
      >(`${props.path}${props.path.includes("?") ? "&" : "?"}${params}`);
      setData({
        rows: (answer[props.listKey] as Row[]) ?? [],
        currentPage: answer.currentPage,
        totalPages: answer.totalPages,
      });
    } catch (error) {
      console.error(error); // list failures are only logged; the empty text shows
      setData({ rows: [], currentPage: page, totalPages: 1 });
    }
  }, [page, query, props.path, props.listKey]);

  useEffect(() => {
    void load();
  }, [load]);

  // After an action the lists (read models) catch up within moments: read again shortly after.
  useEffect(() => {
    if (!props.version) return;
    void load();
    const again = setTimeout(() => void load(), 1_000);
    return () => clearTimeout(again);
  }, [props.version, load]);

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
            {data?.rows.map((row) => (
              <tr key={row.id}>
                {props.columns.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.rows.length === 0 && <p className="table-empty">{props.empty}</p>}
      </div>
      <nav className="pager" aria-label={t("admin.pages")}>
        <button
          type="button"
          className="button button-small"
          disabled={!data || page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          {t("admin.prev")}
        </button>
        <span>
          {t("admin.pageOf", { page: data?.currentPage ?? page, total: data?.totalPages ?? 1 })}
        </span>
        <button
          type="button"
          className="button button-small"
          disabled={!data || page >= data.totalPages}
          onClick={() => setPage((p) => p + 1)}
        >
          {t("admin.next")}
        </button>
      </nav>
    </div>
  );
}
