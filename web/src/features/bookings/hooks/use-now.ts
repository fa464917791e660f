import { useEffect, useState } from 'react';

/** The current instant, re-read every `intervalMs` (a hold's countdown ticks each second). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** 'mm:ss' left until `expiresAt` (0:00 once past). */
export function countdownTo(expiresAt: string, now: number): { label: string; expired: boolean } {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return { label: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`, expired: left === 0 };
}
