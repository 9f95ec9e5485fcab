import { useEffect, useRef, useState } from 'react';
import type { SellerStatsDay } from '@maplesource/contracts/seller-stats';

/** Whether this browser gives a 2D canvas (uPlot draws on one). */
const canDraw = () => {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
};

/**
 * The period's views and quotations per day as a line chart (uPlot, imported when this screen draws its first
 * chart, so no other page loads it). Decorative for assistive technology: the same numbers are in the table view.
 * Where a canvas cannot be drawn the chart is left out and the table still shows everything.
 */
export function StatsChart({
  days,
  labels,
}: {
  days: SellerStatsDay[];
  labels: { views: string; quotations: string };
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
        const x = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
        chart = new UPlot(
          {
            width: Math.max(260, element.clientWidth),
            height: 220,
            series: [
              {},
              { label: labels.views, stroke: '#b91c1c', width: 2 },
              { label: labels.quotations, stroke: '#1d4ed8', width: 2 },
            ],
            axes: [{}, { size: 40 }],
            legend: { show: true },
          },
          [x, days.map((d) => d.views), days.map((d) => d.quotations)],
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
  }, [days, labels.views, labels.quotations]);
  if (failed) return null;
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="stats-chart" />;
}
