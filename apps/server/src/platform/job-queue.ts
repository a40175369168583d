import { randomUUID } from 'node:crypto';
import { type Job, Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ScheduledRun } from './scheduled-jobs.ts';

// The scheduled jobs of several server processes sharing one Redis (REDIS_URL), through BullMQ:
// one job scheduler per job makes exactly one job per period, which exactly one process's worker
// takes; a failed run is retried with growing pauses; the last run of each job (wherever it ran)
// is kept in Redis for the operators' system health. Redis must not evict keys (see README).

const QUEUE_NAME = 'scheduled-jobs';

export interface QueuedJob {
  name: string;
  intervalMs: number;
  task: (run: ScheduledRun) => Promise<unknown>;
  /** Tries per period (the first run included) and the pause before the first retry (doubling). */
  retry: { attempts: number; delayMs: number };
}

/** One job's last run as every process sees it. */
export interface SharedRun {
  lastRunAt: number;
  lastDurationMs: number;
  lastError: string | null;
}

export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
}

/** A scheduler's job is named `repeat:<scheduler>:<due time in ms>`, one id per period. */
function dueTime(job: Job): number {
  const due = Number(job.id?.slice(job.id.lastIndexOf(':') + 1));
  return Number.isFinite(due) && due > 0 ? due : job.timestamp;
}

export class SharedJobQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private readonly jobs = new Map<string, QueuedJob>();
  private readonly runsKey: string;
  private readonly lockPrefix: string;
  private closing = false;

  constructor(
    redis: Redis,
    keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // BullMQ's connections wait for Redis (blocking reads, commands queued while it is away)
    // where the shared one fails fast; the worker makes its blocking one from this.
    this.connection = redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
    this.connection.on('error', (error) => log.debug({ err: error }, 'job queue Redis connection failed'));
    const prefix = `${keyPrefix}:bull`;
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix });
    this.queue.on('error', (error) => log.debug({ err: error }, 'job queue failed'));
    this.runsKey = `${keyPrefix}:scheduled-jobs:runs`;
    this.lockPrefix = `${keyPrefix}:scheduled-jobs:running:`;
  }

  /**
   * Schedules the job (idempotent across processes: the scheduler is keyed by the job's name) and
   * starts taking jobs. While Redis is away this waits for it; the server does not wait for this.
   */
  async schedule(job: QueuedJob): Promise<void> {
    if (this.closing) return;
    this.jobs.set(job.name, job);
    this.worker ??= this.startWorker();
    await this.queue.upsertJobScheduler(
      job.name,
      { every: job.intervalMs },
      {
        name: job.name,
        opts: {
          attempts: job.retry.attempts,
          backoff: { type: 'exponential', delay: job.retry.delayMs },
          removeOnComplete: 100,
          removeOnFail: 100,
        },
      },
    );
  }

  private startWorker(): Worker {
    const worker = new Worker(QUEUE_NAME, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.queue.opts.prefix ?? 'bull',
      concurrency: 1,
    });
    worker.on('error', (error) => this.log.debug({ err: error }, 'job worker failed'));
    return worker;
  }

  private async process(job: Job): Promise<void> {
    const definition = this.jobs.get(job.name);
    // Scheduled by a process that knows a job this one does not (another version): leave it.
    if (!definition) throw new Error(`no job named ${job.name} in this process`);
    const release = await this.holdRunning(definition);
    if (!release) return; // the previous period's run is still going elsewhere
    const began = Date.now();
    const attempt = job.attemptsMade + 1;
    try {
      await definition.task({ dueAt: dueTime(job) });
      await this.record(job.name, { lastRunAt: began, lastDurationMs: Date.now() - began, lastError: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const lastError = `${message} (attempt ${attempt} of ${definition.retry.attempts})`;
      await this.record(job.name, { lastRunAt: began, lastDurationMs: Date.now() - began, lastError });
      this.log.error({ err: error, job: job.name, attempt }, 'scheduled job failed');
      throw error;
    } finally {
      await release();
    }
  }

  /**
   * Marks the job as running across processes, so a run that outlasts its period is not joined
   * by the next period's (BullMQ makes the next job as soon as one starts). The mark is renewed
   * while the run goes on and expires if this process dies. Null when another run holds it.
   */
  private async holdRunning(job: QueuedJob): Promise<(() => Promise<void>) | null> {
    const key = `${this.lockPrefix}${job.name}`;
    const token = randomUUID();
    const ttlMs = Math.max(job.intervalMs, 10_000);
    if ((await this.connection.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    const renew = setInterval(() => {
      this.connection.pexpire(key, ttlMs).catch(() => undefined);
    }, ttlMs / 2).unref();
    return async () => {
      clearInterval(renew);
      // Only our own mark: it may have expired and been taken meanwhile.
      if ((await this.connection.get(key)) === token) await this.connection.del(key);
    };
  }

  private async record(name: string, run: SharedRun): Promise<void> {
    await this.connection.hset(this.runsKey, name, JSON.stringify(run));
  }

  /** Jobs waiting, running and waiting for their time (a retry's pause, the next period), for /metrics. */
  async depth(): Promise<QueueDepth | null> {
    const counts = await Promise.race([
      this.queue.getJobCounts('waiting', 'active', 'delayed'),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000).unref()),
    ]).catch(() => null);
    if (!counts) return null; // Redis is away: no figures rather than a stalled scrape
    return { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0 };
  }

  /** Every job's last run, wherever it ran (empty while Redis is away). */
  async lastRuns(): Promise<Map<string, SharedRun>> {
    const runs = new Map<string, SharedRun>();
    const stored = await Promise.race([
      this.connection.hgetall(this.runsKey),
      new Promise<Record<string, string>>((resolve) => setTimeout(() => resolve({}), 1000).unref()),
    ]).catch(() => ({}) as Record<string, string>);
    for (const [name, json] of Object.entries(stored)) runs.set(name, JSON.parse(json) as SharedRun);
    return runs;
  }

  /**
   * Stops taking jobs (a run in progress finishes first), then lets go of Redis. With Redis away
   * there is nothing to finish cleanly: the connections are dropped and the rest is not awaited
   * for more than a moment.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.connection.status === 'ready') {
      await this.worker?.close();
      await this.queue.close();
      await this.connection.quit().catch(() => this.connection.disconnect());
      return;
    }
    this.connection.disconnect();
    const closed = Promise.allSettled([this.worker?.close(true), this.queue.close()]);
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}
