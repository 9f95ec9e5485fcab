import { useEffect, useRef, useState } from 'react';

/** Whether this browser gives a 2D canvas (uPlot draws on one). */
const canDraw = () => {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
};

/** One line of a chart: its legend and its value per day. */
export interface ChartSeries {
  label: string;
  stroke: string;
  values: number[];
}

/**
 * The period's numbers per day as a line chart (views and quotations, or the storefront's visits, inquiries and
 * paid orders) (uPlot, imported when this screen draws its first
 * chart, so no other page loads it). Decorative for assistive technology: the same numbers are in the table view.
 * Where a canvas cannot be drawn the chart is left out and the table still shows everything.
 */
export function StatsChart({
  days,
  series,
  testId,
}: {
  days: string[];
  series: ChartSeries[];
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    const element = box.current;
    if (!element) return;
    if (!canDraw()) {
      setFailed(true);
      return;
    }
    void (async () => {
      try {
        const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
        if (cancelled) return;
        const x = days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
        chart = new UPlot(
          {
            width: Math.max(260, element.clientWidth),
            height: 220,
            series: [{}, ...series.map(({ label, stroke }) => ({ label, stroke, width: 2 }))],
            axes: [{}, { size: 40 }],
            legend: { show: true },
          },
          [x, ...series.map((line) => line.values)],
          element,
        );
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days, series]);
  if (failed) return null;
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid={testId} />;
}
