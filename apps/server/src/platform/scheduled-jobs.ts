import type { FastifyInstance } from 'fastify';
import type { QueueDepth, SharedJobQueue, SharedRun } from './job-queue.ts';

// The server's recurring background work, one way: a job runs every `intervalMs` (never two runs
// of it at once), stops with the server (a run in progress is awaited), and reports its last run
// for the operators' system health. In one process (no REDIS_URL) a timer runs it; with a shared
// queue (REDIS_URL) each period's run happens once across all the processes, retried when it fails.

export interface JobReport {
  name: string;
  intervalMs: number;
  lastRunAt: string | null;
  lastDurationMs: number | null;
  lastError: string | null;
  /** How far past its next due time the job is (0 when on time or never due yet). */
  lagMs: number;
}

/** What a job's task is told about its run. */
export interface ScheduledRun {
  /** When this run was due (ms since the epoch): one value per period, whichever process runs it. */
  dueAt: number;
}

interface JobState {
  intervalMs: number;
  startedAt: number;
  lastRunAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

/** Tries per period through the shared queue, the first included. */
const QUEUED_ATTEMPTS = 3;

/** The pause before the first retry: a twentieth of the period, within 10 ms..1 min (it doubles). */
function retryDelayMs(intervalMs: number): number {
  return Math.min(60_000, Math.max(10, Math.round(intervalMs / 20)));
}

export class ScheduledJobs {
  private readonly jobs = new Map<string, JobState>();
  private queueClosed: Promise<void> | undefined;

  /** @param queue the queue shared by every server process (REDIS_URL), or none: this process alone. */
  constructor(private readonly queue: SharedJobQueue | null = null) {}

  /** Runs `task` every `intervalMs` once the server is ready (and at once if `runAtStart`). */
  every(
    app: FastifyInstance,
    job: {
      name: string;
      intervalMs: number;
      runAtStart?: boolean;
      task: (run: ScheduledRun) => Promise<unknown>;
    },
  ): void {
    const state: JobState = {
      intervalMs: job.intervalMs,
      startedAt: Date.now(),
      lastRunAt: null,
      lastDurationMs: null,
      lastError: null,
    };
    this.jobs.set(job.name, state);
    if (this.queue) {
      this.everyThroughQueue(app, this.queue, state, job);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const tick = () => {
      const began = Date.now();
      running ??= job
        .task({ dueAt: began })
        .then(() => {
          state.lastError = null;
        })
        .catch((error: unknown) => {
          state.lastError = error instanceof Error ? error.message : String(error);
          app.log.error({ err: error, job: job.name }, 'scheduled job failed');
        })
        .finally(() => {
          state.lastRunAt = began;
          state.lastDurationMs = Date.now() - began;
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      state.startedAt = Date.now();
      timer = setInterval(tick, job.intervalMs).unref();
      if (job.runAtStart) tick();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  // The scheduler's first period starts at once (BullMQ runs an `every` job when it is first
  // scheduled), so `runAtStart` holds for the deployment rather than for each process start.
  private everyThroughQueue(
    app: FastifyInstance,
    queue: SharedJobQueue,
    state: JobState,
    job: { name: string; intervalMs: number; task: (run: ScheduledRun) => Promise<unknown> },
  ): void {
    app.addHook('onReady', async () => {
      state.startedAt = Date.now();
      // Not awaited: a Redis that is away does not hold the start; the schedule is made once it is back.
      queue
        .schedule({
          name: job.name,
          intervalMs: job.intervalMs,
          task: job.task,
          retry: { attempts: QUEUED_ATTEMPTS, delayMs: retryDelayMs(job.intervalMs) },
        })
        .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'scheduling a job failed'));
    });
    // Closed with the first module that closes: its run in progress ends before any module stops.
    app.addHook('onClose', () => this.close());
  }

  /** Stops the shared queue's worker (awaiting its run in progress); nothing without a queue. */
  close(): Promise<void> {
    this.queueClosed ??= this.queue?.close() ?? Promise.resolve();
    return this.queueClosed;
  }

  /** The shared queue's job counts; null without a queue or while Redis is away. */
  async queueDepth(): Promise<QueueDepth | null> {
    return this.queue ? this.queue.depth() : null;
  }

  /** Each job's last run: this process's own, or with a shared queue the last one in any process. */
  async report(nowMs = Date.now()): Promise<JobReport[]> {
    const shared: Map<string, SharedRun> = this.queue ? await this.queue.lastRuns() : new Map();
    return [...this.jobs].map(([name, own]) => {
      const state = shared.get(name) ?? own;
      const due = (state.lastRunAt ?? own.startedAt) + own.intervalMs;
      return {
        name,
        intervalMs: own.intervalMs,
        lastRunAt: state.lastRunAt === null ? null : new Date(state.lastRunAt).toISOString(),
        lastDurationMs: state.lastDurationMs,
        lastError: state.lastError,
        lagMs: Math.max(0, nowMs - due),
      };
    });
  }
}
