import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/messages.ts";
import { queryKeys, useApiQuery } from "../../../lib/queries.ts";

/**
 * Reads `path` (fresh at each opening, no retry: links change as requests arrive), with the
 * server's refusal in the reader's language.
 */
export function useLoaded<T>(path: string): { data?: T; failure?: string } {
  const message = useMessage();
  const { t } = useTranslation();
  const { data, error } = useApiQuery<T>(queryKeys.adminTable(path), path, {
    staleTime: 0,
    retry: false,
  });
  if (!error) return { data };
  return { failure: error instanceof ApiError ? message(error.message) : t("linked.failed") };
}
