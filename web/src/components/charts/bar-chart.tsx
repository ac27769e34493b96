import styles from './bar-chart.module.css';

/** One bar: its label, its value (any unit: the chart scales to the largest) and the value as the reader sees it. */
export interface Bar {
  label: string;
  value: number;
  text: string;
  /** A line across the bar's row, e.g. a limit: a bar past it is drawn in the warning colour. */
  marker?: { value: number; text: string };
}

export interface BarChartProps {
  /** Unique on the page: the chart's title and table are named by it. */
  id: string;
  title: string;
  bars: Bar[];
  /** Headings of the table behind the chart: the label, the value and (when any bar has one) the marker column. */
  columns: { label: string; value: string; marker?: string };
  /** Shown under the chart, e.g. the CSV download of its table. */
  children?: React.ReactNode;
}

// The SVG is drawn 360 units wide, about the width it has on a phone, so its text is read at its own size there;
// wider screens cap it (bar-chart.module.css) rather than enlarge it.
const WIDTH = 360;
const ROW = 42;
const BAR = 16;
const LABEL_BASELINE = 14;
const BAR_TOP = 19;
/** Room right of the longest bar for its value. */
const VALUE_ROOM = 96;

/**
 * Horizontal bars drawn on the server as SVG (docs/reports.md "Charts"): no chart library reaches the phone. The
 * SVG is an image named by its title; the same figures follow in a table with a caption for screen readers.
 */
export function BarChart({ id, title, bars, columns, children }: BarChartProps) {
  const largest = Math.max(1, ...bars.map((bar) => Math.max(bar.value, bar.marker?.value ?? 0)));
  const scale = (value: number) => (Math.max(value, 0) / largest) * (WIDTH - VALUE_ROOM);
  const height = Math.max(ROW * bars.length, ROW);
  const withMarkers = bars.some((bar) => bar.marker);
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.title}>
        {title}
      </figcaption>
      {/* No bars, nothing to draw: the words under the chart say why (e.g. "No lapsed customers"). */}
      {bars.length === 0 ? null : (
        <>
          <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`${title}: a bar chart; its figures are in the table that follows`}>
            {bars.map((bar, index) => {
              const top = index * ROW;
              const width = scale(bar.value);
              const over = bar.marker !== undefined && bar.value > bar.marker.value;
              return (
                <g key={`${bar.label}-${index}`}>
                  <text x={0} y={top + LABEL_BASELINE} className={styles.label}>
                    {bar.label}
                  </text>
                  <rect x={0} y={top + BAR_TOP} width={WIDTH - VALUE_ROOM} height={BAR} className={styles.track} />
                  <rect x={0} y={top + BAR_TOP} width={width} height={BAR} className={over ? styles.over : styles.bar} />
                  {bar.marker ? (
                    <line x1={scale(bar.marker.value)} x2={scale(bar.marker.value)} y1={top + BAR_TOP - 3} y2={top + BAR_TOP + BAR + 3} className={styles.marker} />
                  ) : null}
                  <text x={Math.max(width, bar.marker ? scale(bar.marker.value) : 0) + 6} y={top + BAR_TOP + BAR - 3} className={styles.value}>
                    {bar.text}
                  </text>
                </g>
              );
            })}
          </svg>
          {/* Hidden by a box around it: a table grows to its text whatever width it is given, and would widen the page. */}
          <div className="visually-hidden">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.label}</th>
                  <th scope="col">{columns.value}</th>
                  {withMarkers ? <th scope="col">{columns.marker}</th> : null}
                </tr>
              </thead>
              <tbody>
                {bars.map((bar, index) => (
                  <tr key={`${bar.label}-${index}`}>
                    <th scope="row">{bar.label}</th>
                    <td>{bar.text}</td>
                    {withMarkers ? <td>{bar.marker?.text ?? ''}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {children ? <div className={styles.below}>{children}</div> : null}
    </figure>
  );
}
