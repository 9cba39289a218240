import { useId } from 'react';
import styled from 'styled-components';
import { monthHeading, type Month } from '@/lib/counter-report';
import { theme } from '@/styles/theme';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A theme colour name. */
  tone: 'brand' | 'focus' | 'gold';
}

interface UsageChartProps {
  title: string;
  months: Month[];
  series: ChartSeries[];
}

const HEIGHT = 160;
const BAR = 12;
const GAP = 4;
const GROUP_GAP = 16;
const AXIS = 24;

/** The words a screen reader gets for the chart: each series month by month (the table below has every row). */
function chartSummary(months: Month[], series: ChartSeries[]): string {
  return series.map((one) => `${one.label}: ${months.map((month, i) => `${monthHeading(month)} ${one.values[i] ?? 0}`).join(', ')}.`).join(' ');
}

/**
 * Grouped bars of monthly counts, drawn as plain SVG (no chart library): an image with a title and a text
 * description, so it is read out as the numbers it shows; the legend is text beside it.
 */
export function UsageChart({ title, months, series }: UsageChartProps) {
  const id = useId();
  const highest = Math.max(1, ...series.flatMap((one) => one.values));
  const groupWidth = series.length * BAR + (series.length - 1) * GAP;
  const width = Math.max(1, months.length) * (groupWidth + GROUP_GAP) + GROUP_GAP;
  return (
    <Figure>
      <Svg viewBox={`0 0 ${width} ${HEIGHT + AXIS}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMinYMin meet">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{chartSummary(months, series)}</desc>
        <Axis x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} />
        {months.map((month, m) => {
          const left = GROUP_GAP + m * (groupWidth + GROUP_GAP);
          return (
            <g key={month}>
              {series.map((one, s) => {
                const value = one.values[m] ?? 0;
                const height = Math.round((value / highest) * (HEIGHT - 8));
                return <Bar key={one.label} $tone={one.tone} x={left + s * (BAR + GAP)} y={HEIGHT - height} width={BAR} height={height} />;
              })}
              <Label x={left + groupWidth / 2} y={HEIGHT + 16} textAnchor="middle">
                {monthHeading(month).slice(0, 3)}
              </Label>
            </g>
          );
        })}
      </Svg>
      <Legend aria-hidden="true">
        {series.map((one) => (
          <li key={one.label}>
            <Swatch $tone={one.tone} />
            {one.label}
          </li>
        ))}
      </Legend>
    </Figure>
  );
}

const Figure = styled.div`
  margin: ${theme.spacing.lg} 0;
`;

const Svg = styled.svg`
  display: block;
  width: 100%;
  max-width: 720px;
  height: auto;
  max-height: 240px;
`;

const Axis = styled.line`
  stroke: ${theme.colors.borderStrong};
  stroke-width: 1;
`;

const Bar = styled.rect<{ $tone: ChartSeries['tone'] }>`
  fill: ${({ $tone }) => theme.colors[$tone]};
`;

const Label = styled.text`
  fill: ${theme.colors.muted};
  font-size: 11px;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.lg};
  margin: ${theme.spacing.sm} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};
`;

const Swatch = styled.span<{ $tone: ChartSeries['tone'] }>`
  display: inline-block;
  width: 12px;
  height: 12px;
  margin-right: ${theme.spacing.xs};
  vertical-align: -1px;
  background: ${({ $tone }) => theme.colors[$tone]};
`;
