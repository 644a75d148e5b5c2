import { queryKeys, useApiQuery } from "../../lib/queries.ts";

export interface Bank {
  id: string;
  bankName: string;
  accountNumber: string;
  bankLogo: string;
  type: "deposit" | "withdraw";
}

/** Active banks of one type, as offered to players (and to agents asking for a charge). */
export function useBanks(type: Bank["type"]): Bank[] {
  const { data } = useApiQuery<{ banks: Bank[] }>(queryKeys.banks, "/api/banks/get/active?page=1");
  return (data?.banks ?? []).filter((bank) => bank.type === type);
}
