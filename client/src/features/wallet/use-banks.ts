import { useEffect, useState } from "react";
import { api } from "../../lib/api-client.ts";

export interface Bank {
  id: string;
  bankName: string;
  accountNumber: string;
  bankLogo: string;
  type: "deposit" | "withdraw";
}

/** Active banks of one type, as offered to players. */
export function useBanks(type: Bank["type"]) {
  const [banks, setBanks] = useState<Bank[]>([]);
  useEffect(() => {
    api<{ banks: Bank[] }>("/api/banks/get/active?page=1").then(
      (response) => setBanks(response.banks.filter((bank) => bank.type === type)),
      () => setBanks([]),
    );
  }, [type]);
  return banks;
}
