import { useEffect, useState } from 'react';

/**
 * The one seconds countdown of the app (the checkout's wait for the payment to settle, the auth screens' resend
 * and login delays). Seconds left until `deadline` (ms since epoch), ticking once a second; 0 once it has passed, null when there is
 * no deadline. Computed from the clock each tick, so a throttled background tab still shows the right figure.
 */
export function useCountdown(deadline: number | null): number | null {
  const left = () => (deadline === null ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const [lastDeadline, setLastDeadline] = useState(deadline);
  if (deadline !== lastDeadline) {
    setLastDeadline(deadline);
    setSeconds(left());
  }
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/**
 * A countdown in seconds that the screen restarts: `start(n)` counts down from n seconds again; it begins at
 * `initialSeconds` (0: nothing to wait for). `left` is 0 once it has passed.
 */
export function useRestartableCountdown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  return {
    left: useCountdown(deadline) ?? 0,
    start: (seconds: number) => setDeadline(Date.now() + seconds * 1000),
  };
}
