import "../../../components/records/records.css";
import type { ReactNode } from "react";

export interface ReportColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Figures align right on a desktop. */
  figure?: boolean;
}

/**
 * A report's table: the back office's table styles (below 640 px each row is a card with its
 * cells labelled, so nothing scrolls sideways), and a footer row (the totals) when given.
 */
export function ReportTable<Row>(props: {
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey(row: Row): string;
  footer?: Row;
  empty: string;
  caption?: string;
}) {
  const cells = (row: Row) =>
    props.columns.map((column) => (
      <td
        key={column.header}
        data-label={column.header}
        className={column.figure ? "figure" : undefined}
      >
        {column.cell(row)}
      </td>
    ));
  return (
    <div className="data-table report-table">
      <div className="table-scroll">
        <table>
          {props.caption && <caption>{props.caption}</caption>}
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={column.figure ? "figure" : undefined}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={props.rowKey(row)}>{cells(row)}</tr>
            ))}
          </tbody>
          {props.footer && props.rows.length > 0 && (
            <tfoot>
              <tr className="report-total">{cells(props.footer)}</tr>
            </tfoot>
          )}
        </table>
      </div>
      {props.rows.length === 0 && <p className="table-empty">{props.empty}</p>}
    </div>
  );
}
