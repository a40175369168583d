import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { advanceLocalSubscriptions } from './local-provider.ts';
import { trialEndingMail } from './mails.ts';
import { DAY_MS } from './periods.ts';
import type { LocalPort } from './port.ts';
import type { PaymentProvider } from './provider.ts';
import type { SubscriptionRepository } from './repository.ts';

const TRIAL_REMINDER_MS = 3 * DAY_MS;

export interface ScheduledWorkDeps {
  repo: SubscriptionRepository;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  provider: PaymentProvider;
  /** The local provider's renewals report through it. */
  port: LocalPort;
}

/** What runs on the clock rather than on a request: renewals, reminders, reconciliation. */
export class ScheduledWork {
  constructor(private readonly deps: ScheduledWorkDeps) {}

  /** The minute job: the local provider's renewals (others renew on their side), then reminders. */
  async runDue(): Promise<void> {
    if (this.deps.provider.name === 'local') await advanceLocalSubscriptions(this.deps.port);
    await this.remindTrialsEnding();
  }

  /** Refreshes every subscription from the provider (missed webhooks); the local provider has nothing to refresh. */
  async reconcile(): Promise<{ refreshed: number; failed: number }> {
    return this.deps.provider.reconcile ? this.deps.provider.reconcile() : { refreshed: 0, failed: 0 };
  }

  /** Sends the "trial ends in 3 days" mail once per trial. */
  async remindTrialsEnding(): Promise<number> {
    const { repo, mailer, appUrl } = this.deps;
    const now = this.deps.clock.now();
    const due = await repo.trialsEndingBefore(new Date(now.getTime() + TRIAL_REMINDER_MS).toISOString());
    let sent = 0;
    for (const subscription of due) {
      const trialEnd = subscription.trialEnd;
      if (!trialEnd || Date.parse(trialEnd) <= now.getTime() || subscription.cancelAtPeriodEnd) continue;
      // Several server processes may run this at once: only the one that marks the trial sends.
      if (!(await repo.claimTrialReminder(subscription.userId, trialEnd))) continue;
      const plan = await repo.findPlan(subscription.planId);
      const person = { email: subscription.customerEmail, name: subscription.customerName };
      await mailer.queue(trialEndingMail(person, appUrl, plan?.name ?? '', trialEnd));
      sent += 1;
    }
    return sent;
  }
}
