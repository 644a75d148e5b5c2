import type { InstantGameEntry } from "@igp/shared";
import { useEffect, useState } from "react";
import { fetchTable } from "./rounds-api.ts";

export type TableOrCode =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "create"; table: InstantGameEntry }
  | { kind: "round"; code: string };

/**
 * The id of a game screen's path (/play/instant/{game}/{id}): a numeric id is a table (its open
 * round, or the create view when none is open); anything else is a round code.
 */
export function useTableOrCode(id: string): TableOrCode {
  const [resolved, setResolved] = useState<TableOrCode>({ kind: "loading" });
  useEffect(() => {
    if (!/^\d+$/.test(id)) return setResolved({ kind: "round", code: id.toUpperCase() });
    setResolved({ kind: "loading" });
    fetchTable(Number(id)).then(
      (table) =>
        setResolved(
          table.players > 0 && table.code
            ? { kind: "round", code: table.code }
            : { kind: "create", table },
        ),
      () => setResolved({ kind: "failed" }),
    );
  }, [id]);
  return resolved;
}
