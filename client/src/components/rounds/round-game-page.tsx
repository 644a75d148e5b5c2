import type { InstantGameEntry, RoundGameType } from "@igp/shared";
import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { useTableOrCode } from "../../lib/rounds/use-table-or-code.ts";
import { RoundFailure } from "./round-failure.tsx";
import { RoundFrame } from "./round-frame.tsx";

/**
 * /play/instant/{game}/{id}: a table (its open round, or the game's create view) or a round
 * code (the game's round view). The game gives its two views.
 */
export function RoundGamePage(props: {
  game: RoundGameType;
  create(table: InstantGameEntry): ReactNode;
  round(code: string): ReactNode;
}) {
  const { id = "" } = useParams();
  const resolved = useTableOrCode(id);
  if (resolved.kind === "loading") return <RoundFrame game={props.game} />;
  if (resolved.kind === "failed") return <RoundFailure game={props.game} />;
  if (resolved.kind === "create") return props.create(resolved.table);
  return props.round(resolved.code);
}
