/**
 * The LIKE/ILIKE pattern for "contains `text`": its `\`, `%` and `_` escaped (backslash is LIKE's
 * default escape character), so a search for `%` finds a literal percent sign, not every row.
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
