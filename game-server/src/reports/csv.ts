import { Readable } from "node:stream";

/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas defused. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A spreadsheet runs a cell that starts with = + - @ as a formula: text never does here.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: (string | number | null | undefined)[]) =>
  `${values.map(csvField).join(",")}\r\n`;

/** Santim as a decimal text of major units, "-12.05", without float arithmetic. */
export function minorText(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A CSV document as a stream: the header, then each batch of rows as it comes. */
export function csvStream<Row>(
  header: string[],
  batches: AsyncIterable<Row[]>,
  line: (row: Row) => (string | number | null)[],
): Readable {
  async function* lines() {
    yield csvLine(header);
    for await (const rows of batches) yield rows.map((row) => csvLine(line(row))).join("");
  }
  return Readable.from(lines(), { objectMode: false });
}
