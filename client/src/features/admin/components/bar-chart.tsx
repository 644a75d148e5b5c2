import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * A bar chart of one figure per day, drawn by uPlot (a maintained canvas chart library of
 * ~50 KB minified, in the back office's lazy chunk only): axes, a tooltip-free legend of the
 * point under the pointer, and it redraws to its card's width.
 */
const FONT = "11px system-ui, sans-serif";

export function BarChart(props: {
  title: string;
  points: { label: string; value: number }[];
  format(value: number): string;
  /** What the figure counts, under the chart. */
  help?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { points, format, title } = props;
  const total = points.reduce((sum, point) => sum + point.value, 0);
  // Redrawn when the figures change, not on every render of a screen that maps them anew.
  const drawn = JSON.stringify(points);
  const formatter = useRef(format);
  formatter.current = format;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const accent = style.getPropertyValue("--accent").trim() || "#2563eb";
    const muted = style.getPropertyValue("--muted").trim() || "#6b7280";
    const series: { label: string; value: number }[] = JSON.parse(drawn);
    const labels = series.map((point) => point.label);
    const plot = new uPlot(
      {
        width: element.clientWidth || 300,
        height: 140,
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        scales: { x: { time: false } },
        axes: [
          {
            values: (_plot, ticks) => ticks.map((tick) => labels[tick]?.slice(5) ?? ""),
            size: 28,
            font: FONT,
            stroke: muted,
          },
          {
            values: (_plot, ticks) => ticks.map((tick) => formatter.current(tick)),
            // As wide as its longest figure.
            size: (_plot, values) => 16 + 7 * Math.max(4, ...(values ?? []).map((v) => v.length)),
            font: FONT,
            stroke: muted,
          },
        ],
        series: [
          {},
          {
            label: title,
            fill: accent,
            stroke: accent,
            paths: uPlot.paths.bars!({ size: [0.8, 48] }),
            points: { show: false },
          },
        ],
      },
      [series.map((_, index) => index), series.map((point) => point.value)],
      element,
    );
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0) plot.setSize({ width: element.clientWidth, height: 140 });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [drawn, title]);

  return (
    <figure className="card chart">
      <figcaption>
        {title} <strong>{format(total)}</strong>
      </figcaption>
      <div ref={host} className="chart-plot" role="img" aria-label={`${title}: ${format(total)}`} />
      {props.help && <p className="stat-help">{props.help}</p>}
    </figure>
  );
}
