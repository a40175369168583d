import type { PushNotePayload } from '@app/contracts/notifications.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DeliveryOutcome, PushSender, SendOptions } from './push-delivery.ts';
import type { DeviceRow, NotificationsRepository } from './repository.ts';

// What a push service's answer does to the device's row: the one place deciding it, for the
// daily note, its retries and the test note.

const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The pause after try number `attempts` failed (1 min, doubling, at most an hour). */
function backoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface RetryWindow {
  /** Tries of this note so far, this one included. */
  attempts: number;
  /** Past this instant the note belongs to a day that is over: it is given up. */
  until: string;
}

export class Deliveries {
  constructor(
    private readonly deps: {
      repo: NotificationsRepository;
      sender: PushSender;
      clock: Clock;
      /** Told of failures worth an operator's look (never the endpoint or the payload). */
      onFailure?: (device: DeviceRow, outcome: DeliveryOutcome) => void;
    },
  ) {}

  /**
   * Sends to one device and records the answer: delivered; gone (the row is removed); a 429/5xx
   * with a retry window is tried again later that day; anything else counts as a failure.
   */
  async deliver(
    device: DeviceRow,
    payload: PushNotePayload,
    options: SendOptions,
    retry: RetryWindow | null,
  ): Promise<DeliveryOutcome> {
    const { repo, sender, clock } = this.deps;
    const outcome = await sender.send(device, payload, options);
    const now = clock.now();
    switch (outcome.kind) {
      case 'delivered':
        await repo.recordDelivery(device.id, now.toISOString());
        break;
      case 'gone':
        await repo.forgetDevice(device.id);
        break;
      case 'retry': {
        const at = new Date(now.getTime() + (outcome.afterMs ?? backoffMs(retry?.attempts ?? 1)));
        const again = retry && at.toISOString() < retry.until;
        await repo.recordFailure(
          device.id,
          again ? { at: at.toISOString(), attempts: retry.attempts } : null,
        );
        this.deps.onFailure?.(device, outcome);
        break;
      }
      case 'failed':
        await repo.recordFailure(device.id, null);
        this.deps.onFailure?.(device, outcome);
        break;
    }
    return outcome;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
