import type { AccountExport, Session, User } from '@app/contracts/auth.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { verifiedName } from './account-views.ts';
import type { BackgroundWork } from './background-work.ts';
import { accountDeletedMail } from './mails.ts';
import type { PasswordChecks } from './password-checks.ts';
import type { Account, AuthRepository } from './repository.ts';

// A person's data across the modules: exported on request, deleted with the account. Other
// modules take part through export sections and deletion steps.

/**
 * Other modules add the personal data they keep to the account export with this. Records kept by
 * email address only are the account's once it proved it owns the address: `verifiedEmail` is
 * null before that, since anyone can register an address that others wrote from.
 */
export type ExportSection = (userId: string, verifiedEmail: string | null) => Promise<unknown>;

/** Other modules remove the data they keep with this; `verifiedEmail` as for the export. */
export type DeletionStep = (account: { id: string; verifiedEmail: string | null }) => Promise<void>;

export class PersonalData {
  private readonly exportSections = new Map<string, ExportSection>();
  private readonly deletionSteps: DeletionStep[] = [];

  constructor(
    private readonly deps: {
      repo: AuthRepository;
      mailer: Mailer;
      clock: Clock;
      passwordChecks: PasswordChecks;
      background: BackgroundWork;
    },
  ) {}

  addExportSection(name: string, section: ExportSection): void {
    this.exportSections.set(name, section);
  }

  /** Runs before the user row (and everything tied to it by foreign key) is deleted. */
  onAccountDeleted(step: DeletionStep): void {
    this.deletionSteps.push(step);
  }

  async exportData(
    user: AuthUser,
    own: { profile: User; sessions: () => Promise<Session[]> },
  ): Promise<AccountExport> {
    const sections: Record<string, unknown> = {};
    // Read afresh: the address may have been verified since this session's user was cached.
    const account = await this.deps.repo.findById(user.id);
    const verifiedEmail = account?.emailVerified ? account.email : null;
    for (const [name, section] of this.exportSections) sections[name] = await section(user.id, verifiedEmail);
    return {
      success: true,
      exportedAt: this.deps.clock.now().toISOString(),
      user: own.profile,
      sessions: await own.sessions(),
      sections,
    };
  }

  /** Subscription ended, data and sessions gone, a last mail sent. */
  async removeAccount(account: Account): Promise<void> {
    // Before the address is proven, mail queued to it before the account existed is someone else's.
    const verifiedEmail = account.emailVerified ? account.email : null;
    await this.deps.mailer.forget(account.email, verifiedEmail ? undefined : account.createdAt);
    for (const step of this.deletionSteps) await step({ id: account.id, verifiedEmail });
    await this.deps.repo.deleteUser(account.id);
    await this.deps.passwordChecks.clear(account.id);
    this.deps.background.run(() =>
      this.deps.mailer.queue(accountDeletedMail(account.email, verifiedName(account))),
    );
  }
}
