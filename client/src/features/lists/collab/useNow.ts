import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` (default one minute), so relative times such as
 * "5 minutes ago" in the comments stay true while the page is open (spec 02 §2).
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
