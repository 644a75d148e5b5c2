import { type InstantGameEntry, isRoundCode } from "@igp/shared";
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
  // A code is known at once (a page the server rendered shows its round in its first render).
  const [resolved, setResolved] = useState<TableOrCode>(() =>
    isTable(id) ? { kind: "loading" } : codeOf(id),
  );
  useEffect(() => {
    if (!isTable(id)) return setResolved(codeOf(id));
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

const isTable = (id: string) => /^\d+$/.test(id);

/** A code that cannot be one is not asked for: the answer would be a 400, logged by the browser. */
function codeOf(id: string): TableOrCode {
  const code = id.trim().toUpperCase();
  return isRoundCode(code) ? { kind: "round", code } : { kind: "failed" };
}
