import { ApiError } from "./api-client.ts";

/**
 * Downloads an export of the API (a CSV the server streams, on the session's cookie) under its
 * own file name. Fetched rather than linked so a refusal is shown in the page, not as a file;
 * the file is handed to the browser as a blob once it has arrived.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, refusal?.message ?? response.statusText);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
