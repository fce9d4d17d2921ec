import type { ReactNode } from "react";

/*
 * A chart as the owner's screens show it (decision 054): an SVG drawn on the server (no canvas, no script),
 * named and described for a screen reader, with a sentence that says what it shows and its numbers in a table
 * behind a disclosure. Colours are the theme's variables and currentColor, so it follows light or dark.
 */
export function ChartFigure({
  id,
  title,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  /** The text alternative: what the chart shows, in one or two sentences. */
  summary: string;
  chart: ReactNode;
  table: { head: readonly string[]; rows: readonly (readonly (string | number)[])[] };
}) {
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight">
        {title}
      </h2>
      <div className="w-full max-w-2xl">{chart}</div>
      <figcaption id={`${id}-summary`} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">The numbers</summary>
        <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: the numbers`}>
          <table className="w-full border-collapse text-left tabular-nums">
            <thead>
              <tr>
                {table.head.map((cell) => (
                  <th key={cell} scope="col" className="border-b border-border px-2 py-1 font-semibold">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="border-b border-border px-2 py-1 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="border-b border-border px-2 py-1">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The SVG's own frame: scales to its box, named by the figure's title and described by its sentence. */
export function ChartSvg({
  id,
  width,
  height,
  children,
}: {
  id: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="h-auto w-full text-foreground"
      fontSize={11}
      fontFamily="inherit"
    >
      {children}
    </svg>
  );
}
