import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown that survives a page reload (the end time is kept in session storage), for actions
 * such as "resend the email" that should not be repeated at once.
 */
export function useCooldown(key: string, seconds: number) {
  const readEnd = useCallback(() => {
    try {
      return Number(window.sessionStorage.getItem(key)) || 0;
    } catch {
      return 0;
    }
  }, [key]);
  const [endsAt, setEndsAt] = useState(readEnd);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(
    (fromMs: number = Date.now()) => {
      const end = fromMs + seconds * 1000;
      try {
        window.sessionStorage.setItem(key, String(end));
      } catch {
        // Kept in memory only.
      }
      setEndsAt(end);
      setNow(Date.now());
    },
    [key, seconds],
  );

  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}
