import { ApiError, tokenStore } from "./api-client.ts";

/**
 * Downloads an export of the API (a CSV the server streams) under its own file name. The request
 * carries the session's token, so it cannot be a plain link; the file is handed to the browser
 * as a blob once it has arrived.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
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
