import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';

/** A stored authenticator: the encrypted secret, and the hashes of the recovery codes not used yet. */
export interface StoredSecondFactor {
  sealedSecret: string;
  confirmedAt: string | null;
  recoveryCodeHashes: string[];
  /** The last TOTP time step accepted (a code is accepted once). */
  lastStep: number | null;
}

/** SQL of two-step sign-in: the authenticators, and the sessions that passed one. */
export class SecondFactorRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  async find(userId: string): Promise<StoredSecondFactor | undefined> {
    const row = await this.db
      .selectFrom('second_factors')
      .select(['secret', 'confirmed_at', 'recovery_codes', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        sealedSecret: row.secret,
        confirmedAt: row.confirmed_at,
        recoveryCodeHashes: JSON.parse(row.recovery_codes),
        lastStep: row.last_step,
      }
    );
  }

  /** A new, unconfirmed authenticator; replaces one that was never confirmed. */
  async start(userId: string, sealedSecret: string, now: string): Promise<void> {
    const row = {
      secret: sealedSecret,
      confirmed_at: null,
      recovery_codes: '[]',
      last_step: null,
      created_at: now,
    };
    await this.db
      .insertInto('second_factors')
      .values({ user_id: userId, ...row })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
      .execute();
  }

  /** Records an accepted TOTP step, and with `confirmed` the enrolment and its recovery codes. */
  async acceptStep(
    userId: string,
    step: number,
    confirmed?: { at: string; recoveryCodeHashes: string[] },
  ): Promise<void> {
    await this.db
      .updateTable('second_factors')
      .set({
        last_step: step,
        ...(confirmed && {
          confirmed_at: confirmed.at,
          recovery_codes: JSON.stringify(confirmed.recoveryCodeHashes),
        }),
      })
      .where('user_id', '=', userId)
      .execute();
  }

  async keepRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    await this.db
      .updateTable('second_factors')
      .set({ recovery_codes: JSON.stringify(hashes) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Removes the authenticator; false when there was none. */
  async remove(userId: string): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('second_factors')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  /** Marks the session as having passed the second factor. */
  async markSessionPassed(sessionId: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ second_factor_at: at }).where('id', '=', sessionId).execute();
  }

  /** No session of the account keeps a passed second factor. */
  async clearSessionsOf(userId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ second_factor_at: null })
      .where('user_id', '=', userId)
      .execute();
  }
}
