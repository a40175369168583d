import type { FastifyInstance } from 'fastify';

// The server's recurring background work, one way: a job runs every `intervalMs` (never two runs
// of it at once), stops with the server (a run in progress is awaited), and reports its last run
// for the operators' system health.

export interface JobReport {
  name: string;
  intervalMs: number;
  lastRunAt: string | null;
  lastDurationMs: number | null;
  lastError: string | null;
  /** How far past its next due time the job is (0 when on time or never due yet). */
  lagMs: number;
}

interface JobState {
  intervalMs: number;
  startedAt: number;
  lastRunAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

export class ScheduledJobs {
  private readonly jobs = new Map<string, JobState>();

  /** Runs `task` every `intervalMs` once the server is ready (and at once if `runAtStart`). */
  every(
    app: FastifyInstance,
    job: { name: string; intervalMs: number; runAtStart?: boolean; task: () => Promise<unknown> },
  ): void {
    const state: JobState = {
      intervalMs: job.intervalMs,
      startedAt: Date.now(),
      lastRunAt: null,
      lastDurationMs: null,
      lastError: null,
    };
    this.jobs.set(job.name, state);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const tick = () => {
      const began = Date.now();
      running ??= job
        .task()
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

  report(nowMs = Date.now()): JobReport[] {
    return [...this.jobs].map(([name, state]) => {
      const due = (state.lastRunAt ?? state.startedAt) + state.intervalMs;
      return {
        name,
        intervalMs: state.intervalMs,
        lastRunAt: state.lastRunAt === null ? null : new Date(state.lastRunAt).toISOString(),
        lastDurationMs: state.lastDurationMs,
        lastError: state.lastError,
        lagMs: Math.max(0, nowMs - due),
      };
    });
  }
}
