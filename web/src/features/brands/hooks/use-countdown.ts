import { useEffect, useState } from 'react';
import { countdownLabel } from '@/lib/london-time';

/** The countdown to the next London midnight, re-rendered as each minute passes. */
export function useCountdown(): string {
  const [label, setLabel] = useState(() => countdownLabel(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setLabel(countdownLabel(Date.now()));
      // Wake just after the next whole minute, so the label never lags the clock by up to a minute.
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return label;
}
