/** A short human name for a browser's user agent, e.g. "Firefox on Windows". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    (/Edg\//.test(userAgent) && 'Edge') ||
    (/OPR\//.test(userAgent) && 'Opera') ||
    (/Firefox\//.test(userAgent) && 'Firefox') ||
    (/(Chrome|Chromium|CriOS)\//.test(userAgent) && 'Chrome') ||
    (/Safari\//.test(userAgent) && 'Safari') ||
    'Browser';
  const system =
    (/Android/.test(userAgent) && 'Android') ||
    (/iPhone|iPad|iPod/.test(userAgent) && 'iOS') ||
    (/Windows/.test(userAgent) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(userAgent) && 'macOS') ||
    (/CrOS/.test(userAgent) && 'ChromeOS') ||
    (/Linux/.test(userAgent) && 'Linux') ||
    null;
  return system ? `${browser} on ${system}` : browser;
}

export type DeviceKind = 'phone' | 'tablet' | 'computer' | 'unknown';

/**
 * The kind of device a stored user agent belongs to, for its icon. Android tablets leave "Mobile"
 * out of their user agent; iPads since iPadOS 13 present themselves as a Mac and count as computers.
 */
export function deviceKind(userAgent: string | null): DeviceKind {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|Kindle|Silk\//.test(userAgent)) return 'tablet';
  if (/iPhone|iPod|Windows Phone|Mobi/.test(userAgent)) return 'phone';
  if (/Android/.test(userAgent)) return 'tablet';
  return 'computer';
}
