import { useEffect, useState } from 'react';

export type Remaining = { expired: boolean; days: number; hours: number; minutes: number };

const MINUTE = 60_000;

/**
 * Time left until `expiresAt`, in whole minutes rounded up (59 s left still reads "1 minute"; 0 → expired), so
 * the displayed value changes exactly on minute boundaries.
 */
export function remainingUntil(expiresAt: string | number | Date, now: number): Remaining {
  const left = new Date(expiresAt).getTime() - now;
  if (!(left > 0)) return { expired: true, days: 0, hours: 0, minutes: 0 };
  const totalMinutes = Math.ceil(left / MINUTE);
  return {
    expired: false,
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/**
 * A live clock for a countdown: one timer armed for the next minute boundary of the remaining time (not a 1 s
 * interval), so the component renders once a minute and screen readers hear at most one update a minute.
 */
export function useNowUntil(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  const target = new Date(expiresAt).getTime();
  useEffect(() => {
    const current = Date.now();
    const left = target - current;
    if (!(left > 0)) {
      if (now < target) setNow(current);
      return;
    }
    const untilNextMinute = left % MINUTE || MINUTE;
    const timer = setTimeout(() => setNow(Date.now()), untilNextMinute);
    return () => clearTimeout(timer);
  }, [target, now]);
  return now;
}

/** Time left until `expiresAt`, live (see `useNowUntil`). */
export function useCountdown(expiresAt: string): Remaining {
  return remainingUntil(expiresAt, useNowUntil(expiresAt));
}
