import { type LucideIcon, MessageCircle, Telescope } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PRODUCT_NAME } from '../../lib/brand.ts';

// The home page's samples of what the product gives. The section and its two frames are part of
// the page served at build time; what fills them (and its code) loads after the first paint, into
// frames of a fixed height, so nothing below them moves when it arrives.

const SAMPLE_TITLES = {
  landscape: "Today's cosmic landscape",
  chat: 'A question for the assistant',
} as const;

type SampleKind = keyof typeof SAMPLE_TITLES;

const ICONS: Record<SampleKind, LucideIcon> = { landscape: Telescope, chat: MessageCircle };

/** One sample in its frame: a fixed height, its content scrolling inside (by keyboard too). */
export function SampleCard({
  kind,
  busy = false,
  children,
}: {
  kind: SampleKind;
  busy?: boolean;
  children: ReactNode;
}) {
  const Icon = ICONS[kind];
  const title = SAMPLE_TITLES[kind];
  return (
    <div
      className="flex h-[34rem] flex-col overflow-hidden rounded-2xl border border-line bg-surface/80"
      data-testid={`sample-${kind}`}
    >
      <div className="flex items-center gap-3 border-b border-line px-5 py-4">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <h3 className="text-lg font-semibold">{title}</h3>
      </div>
      {busy ? (
        <div aria-hidden="true" className="min-h-0 flex-1 px-5 py-4">
          {children}
        </div>
      ) : (
        <section
          aria-label={`Sample: ${title}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable (WCAG 2.1.1).
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4"
        >
          {children}
        </section>
      )}
    </div>
  );
}

function Bars() {
  const bar = 'animate-pulse rounded-md bg-surface-2';
  return (
    <>
      <div className={`${bar} h-4 w-40`} />
      <div className={`${bar} mt-3 h-7 w-4/5`} />
      {[0, 1, 2, 3].map((line) => (
        <div key={line} className={`${bar} mt-3 h-4 w-full`} />
      ))}
      <div className={`${bar} mt-8 h-24 w-full rounded-xl`} />
    </>
  );
}

/** Both frames while the samples (or their code) load. */
export function SamplesPlaceholder() {
  return (
    <>
      <SamplesGrid>
        <SampleCard kind="landscape" busy>
          <Bars />
        </SampleCard>
        <SampleCard kind="chat" busy>
          <Bars />
        </SampleCard>
      </SamplesGrid>
      <p className="sr-only" role="status">
        Loading the samples…
      </p>
    </>
  );
}

export function SamplesGrid({ children }: { children: ReactNode }) {
  return <div className="mt-8 grid gap-4 lg:grid-cols-2">{children}</div>;
}

/** Both frames with a message, when the samples cannot be shown. */
export function SamplesUnavailable({ action }: { action?: ReactNode }) {
  return (
    <SamplesGrid>
      {(['landscape', 'chat'] as const).map((kind) => (
        <SampleCard key={kind} kind={kind}>
          <p className="text-muted">This sample could not be loaded right now.</p>
          {action}
        </SampleCard>
      ))}
    </SamplesGrid>
  );
}

// The samples' code (the landscape's and the chat's pieces) stays out of the start-up code; if it
// cannot load, the frames say so instead of disappearing.
const Samples = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./home-samples.tsx').catch(() => ({ default: () => <SamplesUnavailable /> })),
);

export function SamplesSection() {
  return (
    <section
      aria-labelledby="samples-title"
      className="below-fold mx-auto [--below-fold-height:110rem] w-full max-w-6xl px-4 pb-20 sm:px-6"
    >
      <h2 id="samples-title" className="text-2xl font-semibold sm:text-3xl">
        See what you get
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        Real output of {PRODUCT_NAME}, computed today for a sample birth. Yours is computed from your own
        chart.
      </p>
      <Suspense fallback={<SamplesPlaceholder />}>
        <Samples />
      </Suspense>
    </section>
  );
}
