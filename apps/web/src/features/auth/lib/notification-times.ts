// The hour and the weekdays of the notification settings as the person's locale writes them: the
// 12- or 24-hour clock and the first day of the week follow the browser's language, while the words
// stay in English like the rest of the app.

/** Whether the person's locale reads the clock in 12 hours (en-US: "8:00 AM"). */
function usesTwelveHours(locale: string | undefined): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

/** The 24 hours of the day as choices, labelled "08:00" or "8:00 AM" as the locale writes them. */
export function hourChoices(locale?: string): Array<{ value: string; label: string }> {
  const twelve = usesTwelveHours(locale);
  const format = new Intl.DateTimeFormat(twelve ? 'en-US' : 'en-GB', {
    hour: twelve ? 'numeric' : '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return Array.from({ length: 24 }, (_, hour) => ({
    value: String(hour),
    label: format.format(Date.UTC(2024, 0, 1, hour)),
  }));
}

interface WeekInfo {
  firstDay: number;
}

/** The locale's first day of the week, 0 Sunday … 6 Saturday; Monday where the browser cannot tell. */
export function firstWeekday(locale?: string): number {
  try {
    const found = new Intl.Locale(locale ?? navigator.language) as Intl.Locale & {
      getWeekInfo?: () => WeekInfo;
      weekInfo?: WeekInfo;
    };
    const info = found.getWeekInfo?.() ?? found.weekInfo;
    // Intl counts 1 Monday … 7 Sunday.
    return info ? info.firstDay % 7 : 1;
  } catch {
    return 1;
  }
}

interface Weekday {
  /** 0 Sunday … 6 Saturday, as the settings store them. */
  day: number;
  short: string;
  long: string;
}

/** The seven days in the locale's order ("Mon" first in most of Europe, "Sun" first in the US). */
export function weekdays(locale?: string): Weekday[] {
  const short = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
  const first = firstWeekday(locale);
  return Array.from({ length: 7 }, (_, index) => {
    const day = (first + index) % 7;
    // 7 January 2024 was a Sunday.
    const date = Date.UTC(2024, 0, 7 + day);
    return { day, short: short.format(date), long: long.format(date) };
  });
}

/** "America/New_York" as people read it: "America/New York". */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}
