import { randomInt, randomUUID } from 'node:crypto';
import type {
  AdminApplicationsQuery,
  AdminPartnerStatsResult,
  ApproveApplicationBody,
  Partner,
  PartnerApplication,
  PartnerApplicationBody,
  PartnerProgramme,
  PartnerWithFigures,
} from '@app/contracts/partners.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashLinkSecret, newLinkSecret } from '../../platform/link-secrets.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import type { ProgrammeConfig } from './config.ts';
import type { LedgerRepository } from './ledger-repository.ts';
import {
  applicationApprovedMail,
  applicationChangesMail,
  applicationReceivedMail,
  applicationRejectedMail,
} from './mails.ts';
import { type PartnerRepository, toApplication, toPartner } from './repository.ts';

export const PARTNER_MESSAGES = {
  received:
    'Thank you! Your application has been received. We have sent a confirmation to your email address.',
  confirmChanges:
    'You already have a pending application. We have sent a link to your email address: open it to confirm these changes.',
  changesConfirmed: 'Your pending application has been updated with the answers you confirmed.',
  changesLinkInvalid:
    'This link is not valid or has expired. Please send your answers again from the application page.',
  alreadyPartner: 'This email address already belongs to a partner. Please contact support for help.',
  decided: 'This application has already been decided.',
  applicationNotFound: 'This application does not exist.',
  partnerNotFound: 'This partner does not exist.',
  codeTaken: 'This coupon code is already taken. Please choose another.',
} as const;

const RECENT_LEDGER = 100;
/** How long the link confirming new answers for a pending application works. */
const CHANGES_LINK_TTL_MS = 24 * 60 * 60_000;
const CODE_ATTEMPTS = 12;

export interface PartnerServiceDeps {
  repo: PartnerRepository;
  ledger: LedgerRepository;
  mailer: Mailer;
  throttle: Throttle;
  clock: Clock;
  settings: ProgrammeConfig;
  appUrl: string;
  rules: Pick<ProgrammeConfig['limits'], 'applicationsPerAddress' | 'applicationsPerIp'>;
}

/** Turns a rate (0.2) into basis points (2000), the unit stored with each partner. */
function toBasisPoints(rate: number): number {
  return Math.round(rate * 10_000);
}

/** A readable code from the partner's name plus digits, e.g. "LUNASKY47". */
function candidateCode(name: string, attempt: number): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 12) || 'PARTNER';
  // More digits as collisions repeat, so a common name still finds a free code quickly.
  const digits = attempt < 4 ? 2 : attempt < 8 ? 4 : 6;
  return `${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
}

/** Applications, partners and the operators' view of the programme. */
export class PartnerService {
  constructor(private readonly deps: PartnerServiceDeps) {}

  private get now(): string {
    return this.deps.clock.now().toISOString();
  }

  programme(): PartnerProgramme {
    const { settings } = this.deps;
    return {
      commissionRate: settings.commissionRate,
      attributionWindowDays: settings.attributionWindowDays,
      partnerCouponPercentOff: settings.couponPercentOff,
      supportEmail: settings.supportEmail,
    };
  }

  /**
   * Stores a new application and confirms it by mail. Answers for an address whose application is
   * pending replace nothing until the link mailed to that address confirms them.
   */
  async apply(
    body: PartnerApplicationBody,
    ip: string,
  ): Promise<{ awaitingConfirmation: boolean; message: string }> {
    const { repo, throttle, rules, mailer } = this.deps;
    await throttle.take(
      { rule: rules.applicationsPerIp, key: `partner-apply:ip:${clientKey(ip)}` },
      { rule: rules.applicationsPerAddress, key: `partner-apply:address:${body.email}` },
    );
    if (await repo.partnerEmailExists(body.email)) {
      throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.alreadyPartner);
    }
    const now = this.now;
    // The insert decides between two submissions at once: the loser's answers wait for the link.
    if (await repo.insertApplication(randomUUID(), body, now)) {
      await mailer.queue(applicationReceivedMail(body.email));
      return { awaitingConfirmation: false, message: PARTNER_MESSAGES.received };
    }
    const pending = await repo.findPendingApplication(body.email);
    if (!pending) throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.decided);
    const { secret, hash } = newLinkSecret();
    await repo.insertChanges({
      secret_hash: hash,
      application_id: pending.id,
      name: body.name,
      channels: body.channels,
      audience_size: body.audienceSize,
      promotion: body.promotion,
      created_at: now,
      expires_at: new Date(this.deps.clock.now().getTime() + CHANGES_LINK_TTL_MS).toISOString(),
    });
    await mailer.queue(
      applicationChangesMail(
        body.email,
        `${this.deps.appUrl}/#/partners/confirm/${encodeURIComponent(secret)}`,
      ),
    );
    return { awaitingConfirmation: true, message: PARTNER_MESSAGES.confirmChanges };
  }

  /** Applies the answers behind a confirmation link (once). */
  async confirmChanges(secret: string): Promise<{ message: string }> {
    const application = await this.deps.repo.applyChanges(hashLinkSecret(secret), this.now);
    if (!application) throw new AppError(404, 'NOT_FOUND', PARTNER_MESSAGES.changesLinkInvalid);
    return { message: PARTNER_MESSAGES.changesConfirmed };
  }

  async listApplications(
    query: AdminApplicationsQuery,
  ): Promise<{ applications: PartnerApplication[]; total: number }> {
    const { rows, total } = await this.deps.repo.listApplications(query);
    return { applications: rows.map(toApplication), total };
  }

  private async pendingApplication(id: string) {
    const application = await this.deps.repo.findApplication(id);
    if (!application) throw notFound(PARTNER_MESSAGES.applicationNotFound);
    if (application.status !== 'pending') throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.decided);
    return application;
  }

  /** Creates the partner with a unique uppercase coupon code and mails the applicant. */
  async approve(
    id: string,
    body: ApproveApplicationBody,
  ): Promise<{ application: PartnerApplication; partner: Partner }> {
    const { repo, settings, mailer } = this.deps;
    const application = await this.pendingApplication(id);
    const rate = body.commissionRate ?? settings.commissionRate;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const code = body.couponCode ?? candidateCode(application.name, attempt);
      const now = this.now;
      const partner = {
        id: randomUUID(),
        application_id: application.id,
        name: application.name,
        email: application.email,
        coupon_code: code,
        commission_bps: toBasisPoints(rate),
        created_at: now,
      };
      const outcome = await repo.transaction(async (trx) => {
        const inserted = await repo.insertPartner(partner, trx);
        if (inserted !== 'ok') return inserted;
        const decided = await repo.decideApplication(
          id,
          { status: 'approved', partnerId: partner.id },
          now,
          trx,
        );
        if (!decided) throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.decided);
        return 'ok' as const;
      });
      if (outcome === 'email-taken') throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.alreadyPartner);
      if (outcome === 'code-taken') {
        if (body.couponCode) throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.codeTaken);
        continue;
      }
      await mailer.queue(
        applicationApprovedMail(application.email, {
          couponCode: code,
          commissionRate: partner.commission_bps / 10_000,
          percentOff: settings.couponPercentOff,
          windowDays: settings.attributionWindowDays,
          appUrl: this.deps.appUrl,
        }),
      );
      const decided = (await repo.findApplication(id))!;
      return { application: toApplication(decided), partner: toPartner(partner) };
    }
    throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.codeTaken);
  }

  async reject(id: string, reason: string): Promise<PartnerApplication> {
    const { repo, mailer } = this.deps;
    const application = await this.pendingApplication(id);
    if (!(await repo.decideApplication(id, { status: 'rejected', reason }, this.now))) {
      throw new AppError(409, 'CONFLICT', PARTNER_MESSAGES.decided);
    }
    await mailer.queue(applicationRejectedMail(application.email, reason));
    return toApplication((await repo.findApplication(id))!);
  }

  async listPartners(): Promise<PartnerWithFigures[]> {
    const { repo, ledger } = this.deps;
    const partners = await repo.listPartners();
    return Promise.all(
      partners.map(async (row) => ({ ...toPartner(row), figures: await ledger.figures(row.id) })),
    );
  }

  async stats(partnerId: string): Promise<Omit<AdminPartnerStatsResult, 'success'>> {
    const { repo, ledger } = this.deps;
    const partner = await repo.findPartner(partnerId);
    if (!partner) throw notFound(PARTNER_MESSAGES.partnerNotFound);
    const [figures, recentConversions] = await Promise.all([
      ledger.figures(partnerId),
      ledger.recentLedger(partnerId, RECENT_LEDGER),
    ]);
    return { partner: toPartner(partner), figures, recentConversions };
  }

  /** What the account export shows: applications sent from the person's address. */
  async applicationsOf(email: string): Promise<PartnerApplication[]> {
    return (await this.deps.repo.applicationsByEmail(email)).map(toApplication);
  }
}
