/** A form's values as multipart: files as they are, other values as text, empty ones left out. */
export function multipart(values: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === "") continue;
    body.append(key, value instanceof Blob ? value : String(value));
  }
  return body;
}
