import type { SystemHealth } from '@app/contracts/admin.ts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { countOf } from '../../../lib/count-of.ts';
import { formatClockTime } from '../../../lib/format-date.ts';
import { healthQuery } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';

const ENGINE_NAMES: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** One line per scheduled job, or why there are none. */
function scheduledJobs(jobs: SystemHealth['jobs']): ReactNode {
  if (!jobs.scheduled) return 'Not running in this process';
  return (
    <ul className="space-y-1">
      {jobs.runs.map((job) => (
        <li key={job.name}>
          {`${job.name}: ${job.lastRunAt ? `last run ${formatClockTime(job.lastRunAt)}` : 'not run yet'}${job.lagMs > 0 ? `, ${Math.round(job.lagMs / 1000)} s late` : ''}${job.lastError ? `, failed: ${job.lastError}` : ''}`}
        </li>
      ))}
    </ul>
  );
}

/** Per model, how many of the week's answers had a statement corrected against the chart. */
function correctionRates(rates: SystemHealth['assistant']['corrections']): string {
  if (rates.length === 0) return 'No answers checked in the last 7 days';
  return rates
    .map(
      (r) =>
        `${r.model === 'builtin' ? 'built-in assistant' : r.model}: ${r.corrected} of ${countOf(r.checked, 'answer')} corrected (${r.checked > 0 ? Math.round((r.corrected / r.checked) * 1000) / 10 : 0}%)`,
    )
    .join(' · ');
}

export function HealthSection() {
  const health = useQuery(healthQuery());
  return (
    <QueryState query={health}>
      {(h) => (
        <dl className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['Version', h.version],
              ['Up for', duration(h.uptimeSeconds)],
              [
                'Database',
                `${ENGINE_NAMES[h.database.engine] ?? h.database.engine}, ${h.database.reachable ? `reachable in ${h.database.latencyMs} ms` : 'NOT reachable'}, ${h.database.migrationsApplied} migrations applied`,
              ],
              [
                'Mail',
                `${countOf(h.mail.backlog, 'message')} in the outbox${
                  h.mail.delivery === 'log'
                    ? ' · not sent: no SMTP_URL is set, so each mail is written to the server log'
                    : h.mail.lastError
                      ? ` · last error: ${h.mail.lastError}`
                      : ''
                }`,
              ],
              [
                'Payments',
                h.payments.provider === 'local'
                  ? 'built-in test checkout (no real payments)'
                  : `${h.payments.provider} (${h.payments.mode})${h.payments.reachable === false ? ' · NOT reachable' : h.payments.reachable ? ' · reachable' : ''}`,
              ],
              [
                'Assistant',
                h.assistant.provider === 'builtin'
                  ? 'built-in assistant (answers from the chart, no outside service)'
                  : `${h.assistant.provider === 'openai' ? 'OpenAI-compatible service' : h.assistant.provider}${h.assistant.model ? `, ${h.assistant.model}` : ''}`,
              ],
              ['Answers corrected against the chart (7 days)', correctionRates(h.assistant.corrections)],
              ['Scheduled jobs', scheduledJobs(h.jobs)],
              [
                'Memory',
                `${megabytes(h.memory.rssBytes)} resident · ${megabytes(h.memory.heapUsedBytes)} heap`,
              ],
            ] satisfies [string, ReactNode][]
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl border border-line bg-surface p-4">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="mt-1 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </QueryState>
  );
}
