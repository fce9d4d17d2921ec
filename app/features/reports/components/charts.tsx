import { ChartSvg } from "./chart-figure";

/*
 * The charts, computed by hand: a linear scale is one division, and a few rectangles and labels need no
 * library (decision 054). 360 units wide, so the labels stay readable on a 390-pixel phone.
 */

const WIDTH = 360;

/** A round top for an axis: 1, 2 or 5 times a power of ten, at or above `max`. */
export function niceCeiling(max: number) {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power;
}

/** Vertical bars, one per item (a day), with the top of the axis and every few labels. */
export function ColumnChart({
  id,
  items,
  format,
}: {
  id: string;
  items: readonly { label: string; value: number }[];
  format: (value: number) => string;
}) {
  const height = 180;
  const left = 44;
  const bottom = 22;
  const top = niceCeiling(Math.max(0, ...items.map((item) => item.value)));
  const plotHeight = height - bottom - 8;
  const step = (WIDTH - left) / Math.max(1, items.length);
  const labelEvery = Math.ceil(items.length / 7);
  const y = (value: number) => 8 + plotHeight - (Math.max(0, value) / top) * plotHeight;
  return (
    <ChartSvg id={id} width={WIDTH} height={height}>
      <line x1={left} x2={WIDTH} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.4} />
      <line x1={left} x2={WIDTH} y1={y(top)} y2={y(top)} stroke="currentColor" strokeOpacity={0.15} />
      <text x={left - 4} y={y(top) + 4} textAnchor="end" fill="currentColor">
        {format(top)}
      </text>
      <text x={left - 4} y={y(0)} textAnchor="end" fill="currentColor">
        {format(0)}
      </text>
      {items.map((item, index) => (
        <g key={item.label}>
          <rect
            x={left + index * step + step * 0.15}
            width={Math.max(1, step * 0.7)}
            y={y(item.value)}
            height={Math.max(0, y(0) - y(item.value))}
            fill="var(--color-accent-text)"
          >
            <title>{`${item.label}: ${format(item.value)}`}</title>
          </rect>
          {index % labelEvery === 0 && (
            <text x={left + index * step + step / 2} y={height - 6} textAnchor="middle" fill="currentColor">
              {item.label}
            </text>
          )}
        </g>
      ))}
    </ChartSvg>
  );
}

/** Horizontal bars from 0 to 100 %, one per row (a barber's utilisation), the figure written beside each. */
export function PercentBars({ id, rows }: { id: string; rows: readonly { label: string; value: number | null }[] }) {
  const rowHeight = 26;
  const left = 96;
  const right = 44;
  const height = Math.max(1, rows.length) * rowHeight + 6;
  const plot = WIDTH - left - right;
  return (
    <ChartSvg id={id} width={WIDTH} height={height}>
      {rows.map((row, index) => {
        const y = 4 + index * rowHeight;
        return (
          <g key={row.label}>
            <text x={left - 6} y={y + 15} textAnchor="end" fill="currentColor">
              {row.label.length > 12 ? `${row.label.slice(0, 11)}…` : row.label}
            </text>
            <rect x={left} y={y + 3} width={plot} height={16} fill="currentColor" fillOpacity={0.08} />
            <rect
              x={left}
              y={y + 3}
              width={plot * Math.min(1, row.value ?? 0)}
              height={16}
              fill="var(--color-accent-text)"
            />
            <text x={WIDTH - right + 4} y={y + 15} fill="currentColor">
              {row.value === null ? "—" : `${Math.round(row.value * 100)}%`}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}

/** One bar split into parts (attended, no-shows, cancellations), each with its count in the key below. */
export function StackedBar({
  id,
  parts,
}: {
  id: string;
  parts: readonly { label: string; value: number; fill: string }[];
}) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const widthOf = (value: number) => (total === 0 ? 0 : (value / total) * WIDTH);
  const starts = parts.map((_, index) => parts.slice(0, index).reduce((sum, part) => sum + widthOf(part.value), 0));
  return (
    <ChartSvg id={id} width={WIDTH} height={40 + parts.length * 18}>
      {parts.map((part, index) => (
        <rect key={part.label} x={starts[index]} y={4} width={widthOf(part.value)} height={24} fill={part.fill} />
      ))}
      {total === 0 && <rect x={0} y={4} width={WIDTH} height={24} fill="currentColor" fillOpacity={0.08} />}
      {parts.map((part, index) => (
        <g key={part.label} transform={`translate(0 ${40 + index * 18})`}>
          <rect width={12} height={12} fill={part.fill} />
          <text x={18} y={10} fill="currentColor">
            {`${part.label}: ${part.value}`}
          </text>
        </g>
      ))}
    </ChartSvg>
  );
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Weekday × hour: the darker a cell, the more appointments start in that hour. */
export function HeatMap({
  id,
  cells,
  hours,
}: {
  id: string;
  cells: readonly { weekday: number; hour: number; appointments: number }[];
  hours: readonly number[];
}) {
  const left = 32;
  const topRow = 16;
  const cellWidth = (WIDTH - left) / Math.max(1, hours.length);
  const cellHeight = 20;
  const max = Math.max(1, ...cells.map((cell) => cell.appointments));
  const count = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.appointments ?? 0;
  return (
    <ChartSvg id={id} width={WIDTH} height={topRow + 7 * cellHeight + 4}>
      {hours.map((hour, index) =>
        index % 2 === 0 ? (
          <text key={hour} x={left + index * cellWidth + cellWidth / 2} y={11} textAnchor="middle" fill="currentColor">
            {String(hour).padStart(2, "0")}
          </text>
        ) : null,
      )}
      {WEEKDAYS.map((name, row) => (
        <g key={name}>
          <text x={left - 4} y={topRow + row * cellHeight + 14} textAnchor="end" fill="currentColor">
            {name}
          </text>
          {hours.map((hour, index) => {
            const value = count(row + 1, hour);
            return (
              <rect
                key={hour}
                x={left + index * cellWidth + 1}
                y={topRow + row * cellHeight + 1}
                width={Math.max(1, cellWidth - 2)}
                height={cellHeight - 2}
                fill={value === 0 ? "currentColor" : "var(--color-accent-text)"}
                fillOpacity={value === 0 ? 0.06 : 0.2 + (0.8 * value) / max}
              >
                <title>{`${name} ${String(hour).padStart(2, "0")}:00: ${value}`}</title>
              </rect>
            );
          })}
        </g>
      ))}
    </ChartSvg>
  );
}
