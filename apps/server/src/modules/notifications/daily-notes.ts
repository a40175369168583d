import { dayOf } from '@app/astro/time/local-day';
import { NOTE_OPEN_PATH, type PushNotePayload } from '@app/contracts/notifications.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer, MailMessage } from '../../platform/mailer/mailer.ts';
import type { LandscapeNote } from '../landscape/plugin.ts';
import { type Deliveries, eachLimited } from './deliveries.ts';
import { type LocalMoment, localMoment } from './local-time.ts';
import { dailyDigestMail, weeklyDigestMail } from './mails.ts';
import type { DeviceRow, NotificationsRepository, StoredSettings } from './repository.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

// The minute job of decision 0218: everyone whose chosen hour is running in their zone, on a day
// that is not quiet, gets the day's note on each device that has not had it (claimed per device
// and day, so several processes or a retried run send it once) and the digest mail when it is due
// (claimed per person with the mail's insert into the outbox). A note the push service could not
// take (429, 5xx) is tried again later that day.

const BATCH = 1000;
/** People served at once: their landscapes, claims and push requests overlap this much. */
const CONCURRENT_PEOPLE = 50;
const RETRY_BATCH = 500;
/** How long a looked-up zone is trusted when choosing whose hour it is (it is checked afresh before sending). */
const ZONE_TRUST_MS = 15 * 60_000;
const TEXT_LIMIT = 200;

export interface Recipient {
  email: string;
  name: string;
}

export interface DailyNotesDeps {
  repo: NotificationsRepository;
  deliveries: Deliveries;
  clock: Clock;
  mailer: Mailer;
  links: UnsubscribeLinks;
  appUrl: string;
  notes: {
    today(userId: string): Promise<LandscapeNote | null>;
    ahead(
      userId: string,
      days: number,
    ): Promise<{ transits: { date: string; exactAt: string; title: string }[] } | null>;
  };
  /** The zone of the person's day (current location, else birth place). */
  zoneOf(userId: string): Promise<string>;
  /** The person when they may get notes now (verified, not disabled, a plan with them); else null. */
  recipientOf(userId: string): Promise<Recipient | null>;
}

export interface RunReport {
  /** People whose hour it was with something still to send. */
  due: number;
  notesDelivered: number;
  notesFailed: number;
  digestsQueued: number;
}

interface DuePerson {
  settings: StoredSettings;
  zone: string;
  moment: LocalMoment;
  devices: DeviceRow[];
}

const clip = (text: string) => (text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT - 1)}…` : text);

/** The note's payload: the headline and one line, as the landscape page shows them; nothing else of the chart. */
function notePayload(note: LandscapeNote): PushNotePayload {
  return {
    kind: 'daily-note',
    title: clip(note.headline),
    body: clip(note.line),
    url: NOTE_OPEN_PATH,
    tag: `daily-note-${note.date}`,
  };
}

export class DailyNotes {
  private readonly zones = new Map<string, { zone: string; until: number }>();

  constructor(private readonly deps: DailyNotesDeps) {}

  /** The person's zone may have changed (new birth data): looked up afresh next time. */
  forgetZone(userId: string): void {
    this.zones.delete(userId);
  }

  private async zoneOf(userId: string, fresh: boolean): Promise<string> {
    const now = this.deps.clock.now().getTime();
    const known = this.zones.get(userId);
    if (!fresh && known && now < known.until) return known.zone;
    const zone = await this.deps.zoneOf(userId);
    this.zones.delete(userId);
    // Trusted for 7.5 to 15 minutes: the look-ups of many people spread over the runs.
    this.zones.set(userId, { zone, until: now + ZONE_TRUST_MS * (0.5 + Math.random() / 2) });
    // Bounded: the oldest entries go first (a Map keeps insertion order).
    for (const stale of this.zones.keys()) {
      if (this.zones.size <= 200_000) break;
      this.zones.delete(stale);
    }
    return zone;
  }

  private isDue(settings: StoredSettings, moment: LocalMoment): boolean {
    return moment.hour === settings.hour && !settings.quietDays.includes(moment.weekday);
  }

  private digestDue(settings: StoredSettings, moment: LocalMoment): boolean {
    if (settings.email === 'off') return false;
    const since = settings.email === 'weekly' ? moment.weekStart : moment.date;
    return settings.digestDay === null || settings.digestDay < since;
  }

  /** One pass: the people whose hour it is, then the notes waiting for another try. */
  async run(): Promise<RunReport> {
    const now = this.deps.clock.now();
    const report: RunReport = { due: 0, notesDelivered: 0, notesFailed: 0, digestsQueued: 0 };
    let after = '';
    for (;;) {
      const batch = await this.deps.repo.activeAfter(after, BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.userId;
      const due = await this.dueIn(batch, now);
      report.due += due.length;
      await eachLimited(due, CONCURRENT_PEOPLE, (person) => this.serve(person, now, report));
    }
    await this.retryDue(now, report);
    return report;
  }

  private async dueIn(batch: StoredSettings[], now: Date): Promise<DuePerson[]> {
    const inHour: Omit<DuePerson, 'devices'>[] = [];
    await eachLimited(batch, CONCURRENT_PEOPLE, async (settings) => {
      const zone = settings.zone ?? (await this.zoneOf(settings.userId, false));
      const moment = localMoment(zone, now);
      if (this.isDue(settings, moment)) inHour.push({ settings, zone, moment });
    });
    const withPush = inHour.filter((p) => p.settings.push).map((p) => p.settings.userId);
    const devices = new Map<string, DeviceRow[]>();
    for (const device of await this.deps.repo.devicesOf(withPush))
      devices.set(device.user_id, [...(devices.get(device.user_id) ?? []), device]);
    return inHour.flatMap((person) => {
      const waiting = (devices.get(person.settings.userId) ?? []).filter(
        (d) => d.note_day !== person.moment.date,
      );
      const work = waiting.length > 0 || this.digestDue(person.settings, person.moment);
      return work ? [{ ...person, devices: waiting }] : [];
    });
  }

  private async serve(person: DuePerson, now: Date, report: RunReport): Promise<void> {
    const { settings } = person;
    const userId = settings.userId;
    let { moment, zone } = person;
    if (settings.zone === null) {
      // The zone was perhaps remembered: the person may have moved since.
      zone = await this.zoneOf(userId, true);
      if (zone !== person.zone) {
        moment = localMoment(zone, now);
        if (!this.isDue(settings, moment)) return;
      }
    }
    const recipient = await this.deps.recipientOf(userId);
    if (!recipient) return;
    const dailyDigest = settings.email === 'daily' && this.digestDue(settings, moment);
    const note = person.devices.length > 0 || dailyDigest ? await this.deps.notes.today(userId) : null;
    if (note && person.devices.length > 0) {
      const until = dayOf(zone, moment.date).endUtc;
      const payload = notePayload(note);
      await eachLimited(person.devices, person.devices.length, async (device) => {
        if (!(await this.deps.repo.claimNote(device.id, moment.date, until))) return;
        await this.send(device, payload, until, 1, now, report);
      });
    }
    if (this.digestDue(settings, moment)) await this.queueDigest(settings, moment, recipient, note, report);
  }

  private async send(
    device: DeviceRow,
    payload: PushNotePayload,
    until: string,
    attempts: number,
    now: Date,
    report: RunReport,
  ): Promise<void> {
    const ttlSeconds = Math.max(60, Math.floor((Date.parse(until) - now.getTime()) / 1000));
    const outcome = await this.deps.deliveries.deliver(
      device,
      payload,
      { ttlSeconds, topic: 'daily-note' },
      { attempts, until },
    );
    if (outcome.kind === 'delivered') report.notesDelivered += 1;
    else report.notesFailed += 1;
  }

  private async queueDigest(
    settings: StoredSettings,
    moment: LocalMoment,
    recipient: Recipient,
    note: LandscapeNote | null,
    report: RunReport,
  ): Promise<void> {
    const { repo, mailer, links, appUrl } = this.deps;
    const weekly = settings.email === 'weekly';
    const mailLinks = { appUrl, unsubscribeUrl: links.urlFor(settings.userId) };
    let mail: MailMessage;
    if (weekly) {
      const ahead = await this.deps.notes.ahead(settings.userId, 7);
      if (!ahead) return;
      mail = weeklyDigestMail(recipient, ahead.transits, mailLinks);
    } else {
      if (!note) return;
      mail = dailyDigestMail(recipient, note, mailLinks);
    }
    const since = weekly ? moment.weekStart : moment.date;
    const queued = await repo.transaction(async (trx) => {
      if (!(await repo.claimDigest(trx, settings.userId, moment.date, since))) return false;
      await mailer.queue(mail, trx);
      return true;
    });
    if (queued) {
      mailer.sendSoon();
      report.digestsQueued += 1;
    }
  }

  /** Notes the push service asked to have later (429, 5xx), due now and still of their day. */
  private async retryDue(now: Date, report: RunReport): Promise<void> {
    const { repo } = this.deps;
    const nowIso = now.toISOString();
    const rows = await repo.dueRetries(nowIso, RETRY_BATCH);
    await eachLimited(rows, CONCURRENT_PEOPLE, async (device) => {
      const seen = device.note_retry_at;
      if (!seen || !(await repo.claimRetry(device.id, seen))) return;
      // Past its day the note is given up; so is one whose person turned notes off or lost the plan.
      if (!device.note_retry_until || nowIso >= device.note_retry_until) return;
      const settings = await repo.settingsOf(device.user_id);
      if (!settings?.push || !(await this.deps.recipientOf(device.user_id))) return;
      const note = await this.deps.notes.today(device.user_id);
      if (!note) return;
      await this.send(
        device,
        notePayload(note),
        device.note_retry_until,
        device.note_attempts + 1,
        now,
        report,
      );
    });
  }
}
