import { useId } from 'react';

export interface ChartPoint {
  label: string;
  value: number;
}

interface ChartProps {
  /** Already translated: the chart's name, read by screen readers and shown as its caption. */
  title: string;
  points: readonly ChartPoint[];
  /** How a value is written (rupees, a count). */
  format: (value: number) => string;
}

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 } as const;

/**
 * Columns, one per point (days, products), in plain SVG: no chart library. Screen readers get
 * the figure's name and a table of the same numbers; a pointer gets each column's value as its title.
 */
export function ColumnChart({ title, points, format }: ChartProps) {
  const captionId = useId();
  const max = Math.max(1, ...points.map((point) => Math.abs(point.value)));
  const hasNegative = points.some((point) => point.value < 0);
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const zeroY = PAD.top + (hasNegative ? innerHeight / 2 : innerHeight);
  const scale = (hasNegative ? innerHeight / 2 : innerHeight) / max;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  // Labels only where they fit: every label for a few columns, else about eight.
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure className="console-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="console-chart__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="console-chart__svg" role="img" aria-labelledby={captionId}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={zeroY} y2={zeroY} className="console-chart__axis" />
        {points.map((point, index) => {
          const height = Math.abs(point.value) * scale;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          const y = point.value >= 0 ? zeroY - height : zeroY;
          return (
            <g key={`${point.label}-${index}`}>
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={Math.max(height, point.value === 0 ? 0 : 1)}
                className={point.value < 0 ? 'console-chart__bar console-chart__bar--negative' : 'console-chart__bar'}
              >
                <title>{`${point.label}: ${format(point.value)}`}</title>
              </rect>
              {index % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="console-chart__label">
                  {point.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {points.map((point, index) => (
            <tr key={`${point.label}-${index}`}>
              <th scope="row">{point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Horizontal bars with their values written beside them: a few named quantities (products, markets). */
export function BarList({ title, points, format }: ChartProps) {
  const captionId = useId();
  const max = Math.max(1, ...points.map((point) => Math.abs(point.value)));
  return (
    <figure className="console-bars" aria-labelledby={captionId}>
      <figcaption id={captionId} className="console-chart__title">
        {title}
      </figcaption>
      <ul className="console-bars__list">
        {points.map((point, index) => (
          <li key={`${point.label}-${index}`} className="console-bars__row">
            <span className="console-bars__label">{point.label}</span>
            <svg className="console-bars__track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
              <rect
                x="0"
                y="0"
                height="10"
                width={(Math.abs(point.value) / max) * 100}
                className={point.value < 0 ? 'console-chart__bar console-chart__bar--negative' : 'console-chart__bar'}
              />
            </svg>
            <span className="console-bars__value">{format(point.value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
