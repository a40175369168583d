import { NOTE_OPEN_PATH, NOTIFICATION_SETTINGS_PATH } from '@app/contracts/notifications.ts';
import { composeMail, greeting } from '../../platform/mailer/compose.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';
import type { ExactTransitNote, LandscapeNote } from '../landscape/plugin.ts';

// The digest mails: the day's landscape (daily) or the week's exact transits (weekly), each with
// the one-click unsubscribe of RFC 8058 and a link to the settings.

/** Transits listed in a daily mail (the landscape page has them all). */
const DAILY_TRANSITS = 5;

export interface DigestLinks {
  appUrl: string;
  unsubscribeUrl: string;
}

interface Recipient {
  email: string;
  name: string;
}

function digestMail(to: Recipient, subject: string, paragraphs: string[], links: DigestLinks): MailMessage {
  const mail = composeMail(
    to.email,
    subject,
    [greeting(to.name), ...paragraphs],
    { url: `${links.appUrl}/${NOTE_OPEN_PATH.replace(/^\//, '')}`, label: 'Open your cosmic landscape' },
    [
      {
        url: `${links.appUrl}/${NOTIFICATION_SETTINGS_PATH.replace(/^\//, '')}`,
        label: 'Notification settings',
      },
      { url: links.unsubscribeUrl, label: 'Unsubscribe from these mails' },
    ],
  );
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function dailyDigestMail(to: Recipient, note: LandscapeNote, links: DigestLinks): MailMessage {
  const transits = note.transits.slice(0, DAILY_TRANSITS).map((t) => `${t.title}\n${t.text}`);
  return digestMail(to, `Your day: ${note.headline}`, [note.headline, note.summary, ...transits], links);
}

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

export function weeklyDigestMail(
  to: Recipient,
  transits: ExactTransitNote[],
  links: DigestLinks,
): MailMessage {
  const days = new Map<string, string[]>();
  for (const transit of transits) days.set(transit.date, [...(days.get(transit.date) ?? []), transit.title]);
  const paragraphs =
    days.size === 0
      ? [
          'No transit to your chart is exact in the coming seven days: a quiet week in the sky, read day by day in your landscape.',
        ]
      : [
          'The transits to your chart that are exact in the coming seven days:',
          ...[...days].map(([date, titles]) => `${dayLabel(date)}\n${titles.join('\n')}`),
        ];
  const count = transits.length;
  return digestMail(
    to,
    count === 0 ? 'Your week ahead' : `Your week ahead: ${count} exact transit${count === 1 ? '' : 's'}`,
    paragraphs,
    links,
  );
}
