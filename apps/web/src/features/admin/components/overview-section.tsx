import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { countOf, nounFor } from '../../../lib/count-of.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { analyticsQuery, dashboardQuery, subscriptionAnalyticsQuery } from '../api/admin-api.ts';
import { QueryState } from './query-state.tsx';

// The chart library loads only when the overview shows, not with the rest of the admin area.
const TrendChart = lazy(() => import('./trend-chart.tsx').then((module) => ({ default: module.TrendChart })));

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

function Kpi({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

const DAY_CHOICES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last year' },
];

function Trends() {
  const [days, setDays] = useState(30);
  const activity = useQuery(analyticsQuery(days));
  const money = useQuery(subscriptionAnalyticsQuery(days));
  const activitySeries = useMemo(() => {
    const rows = activity.data?.days ?? [];
    return [
      { label: 'Sign-ups', values: rows.map((d) => d.signups), color: '#7c5cff' },
      { label: 'Active people', values: rows.map((d) => d.activeUsers), color: '#22a06b' },
      { label: 'Chat messages', values: rows.map((d) => d.chatMessages), color: '#e2a03f' },
      { label: 'Landscapes', values: rows.map((d) => d.landscapes), color: '#3b82f6' },
    ];
  }, [activity.data]);
  const subscriptionSeries = useMemo(() => {
    const rows = money.data?.days ?? [];
    return [
      { label: 'New subscriptions', values: rows.map((d) => d.newSubscriptions), color: '#7c5cff' },
      { label: 'Trials started', values: rows.map((d) => d.trialsStarted), color: '#3b82f6' },
      { label: 'Trials converted', values: rows.map((d) => d.trialsConverted), color: '#22a06b' },
      { label: 'Cancelled', values: rows.map((d) => d.cancelled), color: '#e5484d' },
    ];
  }, [money.data]);
  return (
    <section aria-labelledby="trends" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="trends" className="text-xl font-semibold">
          Trends
        </h2>
        <SelectField
          label="Period"
          options={DAY_CHOICES}
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value))}
          className="w-44"
        />
      </div>
      <Suspense fallback={<Spinner />}>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <QueryState query={activity}>
            {(data) => (
              <TrendChart
                title="Activity per day"
                dates={data.days.map((d) => d.date)}
                series={activitySeries}
              />
            )}
          </QueryState>
          <QueryState query={money}>
            {(data) => (
              <TrendChart
                title="Subscriptions per day"
                dates={data.days.map((d) => d.date)}
                series={subscriptionSeries}
              />
            )}
          </QueryState>
        </div>
      </Suspense>
    </section>
  );
}

export function OverviewSection() {
  const dashboard = useQuery(dashboardQuery());
  return (
    <>
      <QueryState query={dashboard}>
        {(d) => (
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Kpi
              label="People"
              value={d.users.total}
              note={`${d.users.verified} verified · ${d.users.new7d} new this week`}
            />
            <Kpi
              label="Monthly recurring revenue"
              value={
                Object.entries(d.mrrMinor)
                  .map(([currency, minor]) => formatPrice(minor, currency))
                  .join(' · ') || '—'
              }
              note="Running paid subscriptions at list price"
            />
            <Kpi
              label="Trial conversion (30 days)"
              value={percent(d.trialConversion30d.rate)}
              note={`${d.trialConversion30d.converted} of ${countOf(d.trialConversion30d.ended, 'trial')}`}
            />
            <Kpi
              label="Churn (30 days)"
              value={percent(d.churn30d.rate)}
              note={`${d.churn30d.ended} ended`}
            />
            <Kpi
              label="Subscriptions"
              value={Object.values(d.subscriptionsByStatus).reduce((sum, count) => sum + count, 0)}
              note={Object.entries(d.subscriptionsByStatus)
                .map(([status, count]) => `${count} ${status.replace('_', ' ')}`)
                .join(' · ')}
            />
            <Kpi
              label="Today"
              value={d.today.chatMessages}
              note={`${nounFor(d.today.chatMessages, 'chat message')} · ${countOf(d.today.landscapes, 'landscape')}`}
            />
            <Kpi
              label="Mail waiting"
              value={d.mailBacklog}
              note={d.mailDelivery === 'log' ? 'Not sent: no SMTP_URL is set (see System health)' : undefined}
            />
            <Kpi
              label="Waiting for you"
              value={d.openPartnerApplications + d.openContactMessages}
              note={`${countOf(d.openPartnerApplications, 'application')} · ${countOf(d.openContactMessages, 'message')}`}
            />
          </dl>
        )}
      </QueryState>
      <Trends />
    </>
  );
}
