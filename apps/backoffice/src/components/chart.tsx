import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';

/** One plotted measure: its key in each datum, its name, and how to show its values. */
export type ChartSeries<K extends string> = { key: K; label: string; format?: (value: number) => string };

export type ChartProps<K extends string> = {
  type: 'line' | 'bar';
  /** Heading of the figure (also the plot's accessible name). */
  title: string;
  /** One sentence on what it shows, e.g. "Deposits per day, last 30 days, in R$". */
  description: string;
  /** One datum per point on the x axis: its label under `x`, then a number per series key. */
  data: ReadonlyArray<{ x: string } & Record<K, number>>;
  /** The x axis's name (the first column of the table alternative). */
  xLabel: string;
  series: readonly ChartSeries<K>[];
};

/** Series colours: CSS variables, so both themes restyle the chart. */
const COLOURS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)'];

/**
 * A line or bar chart (recharts) inside a figure with a title and description, and the same
 * numbers as a table under "Show as table" for screen readers and anyone who wants the figures.
 * Colours, grid and text come from the theme's variables.
 */
export function Chart<K extends string>({ type, title, description, data, xLabel, series }: ChartProps<K>) {
  const { t } = useTranslation();
  const id = useId();
  const plain = (value: number) => String(value);
  const formatOf = (key: string) => series.find((s) => s.key === key)?.format ?? plain;
  const axisFormat = series[0]?.format ?? plain;
  const rows = data as Array<{ x: string } & Record<string, number>>;

  const common = {
    data: rows,
    margin: { top: 8, right: 16, bottom: 8, left: 8 },
    responsive: true,
    className: 'chart__plot',
  };
  const parts = (
    <>
      <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" />
      <XAxis dataKey="x" stroke="var(--color-text-muted)" />
      <YAxis stroke="var(--color-text-muted)" tickFormatter={axisFormat} width={90} />
      <Tooltip
        formatter={(value, name) => [
          formatOf(String(name))(Number(value)),
          series.find((s) => s.key === name)?.label ?? String(name),
        ]}
        contentStyle={{
          background: 'var(--color-surface-raised)',
          border: '1px solid var(--color-border)',
          color: 'var(--color-text)',
        }}
      />
      {series.length > 1 && <Legend formatter={(name) => series.find((s) => s.key === name)?.label ?? name} />}
    </>
  );

  return (
    <figure className="chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
      <h3 id={`${id}-title`} className="chart__title">
        {title}
      </h3>
      <p id={`${id}-desc`} className="chart__description">
        {description}
      </p>
      <div role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        {type === 'line' ? (
          <LineChart {...common} accessibilityLayer={false}>
            {parts}
            {series.map((s, i) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.key}
                stroke={COLOURS[i % COLOURS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common} accessibilityLayer={false}>
            {parts}
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.key}
                fill={COLOURS[i % COLOURS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>
      <details className="chart__table">
        <summary>{t('chart.showTable')}</summary>
        <div className="table-scroll" role="region" aria-label={title} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{xLabel}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.x}>
                  <th scope="row">{row.x}</th>
                  {series.map((s) => (
                    <td key={s.key}>{formatOf(s.key)(Number(row[s.key]))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
