import "./records-texts.ts";
import type { ReactNode } from "react";
import { usePhoneLayout } from "./use-phone-layout.ts";
import "./records.css";

/** One column of a list of records: the table's column, and on a phone a part of the card. */
export interface RecordColumn<T> {
  /** The column's header and the card's label for it: one text, so both say the same. */
  label: string;
  cell(row: T): ReactNode;
  /** What the card shows instead of the cell, when the card needs more words ('Ticket #2'). */
  card?(row: T): ReactNode;
  /**
   * Where a phone's card shows it: the title (what the record is: a game, a lottery, a method),
   * the badge beside it (its status), a labelled field (the default), or the actions at the end.
   * A field or action with nothing to show is left out of the card.
   */
  place?: "title" | "badge" | "field" | "action";
}

type DataAttributes = Record<`data-${string}`, string>;

interface RecordListProps<T> {
  rows: T[];
  columns: RecordColumn<T>[];
  rowKey(row: T): string;
  /** A class and data-* attributes for each record's row or card (tests and styles find it). */
  rowClass?: string;
  rowData?(row: T): DataAttributes;
  /** The cards' title level under the page's headings. */
  heading?: 2 | 3;
  className?: string;
}

/**
 * The player's lists (game history, tickets, transactions, a lottery's results): a table on wide
 * screens; on a phone one card per record: its title line (what, and its status badge beside
 * it), then each value beside its label (a definition list; a long one wraps under it), then its
 * actions. Labels are real text, the same words as the table's headers. Rendered by the server,
 * which cannot know the width, the list comes as both, the stylesheet showing the one that fits:
 * a phone shows its cards from the first paint, and hydrating changes nothing it sees.
 */
export function RecordList<T>(props: RecordListProps<T>) {
  const phone = usePhoneLayout();
  // Each form in its own place: once hydrated on a phone, its cards stay the nodes it painted.
  return (
    <div className={`records ${phone === null ? "records-both" : ""} ${props.className ?? ""}`}>
      {phone !== true && <RecordTable {...props} />}
      {phone !== false && <RecordCards {...props} />}
    </div>
  );
}

function RecordTable<T>({ rows, columns, rowKey, rowClass, rowData }: RecordListProps<T>) {
  return (
    <div className="data-table records-table">
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClass} {...rowData?.(row)}>
                {columns.map((column) =>
                  column.place === "title" ? (
                    <th key={column.label} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.label}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RecordCards<T>({ rows, columns, rowKey, rowClass, rowData, heading }: RecordListProps<T>) {
  return (
    <ul className="record-cards">
      {rows.map((row) => (
        <RecordCard
          key={rowKey(row)}
          row={row}
          columns={columns}
          heading={heading ?? 2}
          className={rowClass}
          data={rowData?.(row)}
        />
      ))}
    </ul>
  );
}

function RecordCard<T>(props: {
  row: T;
  columns: RecordColumn<T>[];
  heading: 2 | 3;
  className?: string;
  data?: DataAttributes;
}) {
  const { row, columns } = props;
  const Heading = `h${props.heading}` as const;
  /** The columns the card shows at `place`, with what each shows: none that are empty. */
  const shown = (place: RecordColumn<T>["place"]) =>
    columns
      .filter((column) => (column.place ?? "field") === place)
      .map((column) => ({ column, content: (column.card ?? column.cell)(row) }))
      .filter(
        ({ content }) =>
          content !== null && content !== undefined && content !== false && content !== "",
      );
  const actions = shown("action");
  return (
    <li className={`card record-card ${props.className ?? ""}`} {...props.data}>
      <div className="record-head">
        <Heading className="record-title">
          {shown("title").map(({ column, content }) => (
            <span key={column.label}>{content}</span>
          ))}
        </Heading>
        {shown("badge").map(({ column, content }) => (
          <span key={column.label} className="record-badge">
            <span className="visually-hidden">{column.label}: </span>
            {content}
          </span>
        ))}
      </div>
      <dl className="record-fields">
        {shown("field").map(({ column, content }) => (
          <div key={column.label}>
            <dt>{column.label}</dt>
            <dd>{content}</dd>
          </div>
        ))}
      </dl>
      {actions.length > 0 && (
        <p className="record-actions">
          {actions.map(({ column, content }) => (
            <span key={column.label}>{content}</span>
          ))}
        </p>
      )}
    </li>
  );
}
