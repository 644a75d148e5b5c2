/** A small bar chart in SVG (no chart library: the back office stays light). */
export function BarChart(props: {
  title: string;
  points: { label: string; value: number }[];
  format(value: number): string;
  /** What the figure counts, under the chart. */
  help?: string;
}) {
  const width = 300;
  const height = 120;
  const max = Math.max(1, ...props.points.map((point) => point.value));
  const barWidth = width / Math.max(1, props.points.length);
  const total = props.points.reduce((sum, point) => sum + point.value, 0);
  return (
    <figure className="card chart">
      <figcaption>
        {props.title} <strong>{props.format(total)}</strong>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${props.title}: ${props.format(total)}`}
      >
        {props.points.map((point, index) => {
          const barHeight = (point.value / max) * (height - 4);
          return (
            <rect
              key={point.label}
              x={index * barWidth + 1}
              y={height - barHeight}
              width={Math.max(1, barWidth - 2)}
              height={barHeight}
            >
              <title>{`${point.label}: ${props.format(point.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {props.help && <p className="stat-help">{props.help}</p>}
    </figure>
  );
}
