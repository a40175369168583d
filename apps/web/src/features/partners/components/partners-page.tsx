import type { PartnerProgramme } from '@app/contracts/partners.ts';
import {
  ArrowRight,
  BadgePercent,
  CalendarClock,
  HandCoins,
  Link2,
  Mail,
  Send,
  Sparkles,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { useProgramme } from '../hooks/use-programme.ts';
import { formatDays, formatRate, partnerDiscount } from '../programme-text.ts';
import { ProgrammeTerms } from './programme-terms.tsx';

function Figure({
  icon,
  value,
  label,
  text,
}: {
  icon: ReactNode;
  value: string;
  label: string;
  text: string;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface/80 p-6">
      <span className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
        {icon}
      </span>
      <p className="mt-2 font-display text-4xl font-semibold text-fg">{value}</p>
      <h3 className="font-sans text-base font-semibold">{label}</h3>
      <p className="text-sm leading-relaxed text-muted">{text}</p>
    </li>
  );
}

function Figures({ programme }: { programme: PartnerProgramme }) {
  const days = formatDays(programme.attributionWindowDays);
  const discount = programme.partnerCouponPercentOff;
  return (
    <ul aria-label="The programme in figures" className="grid gap-4 md:grid-cols-3">
      <Figure
        icon={<HandCoins aria-hidden="true" className="size-5" />}
        value={formatRate(programme.commissionRate)}
        label="Commission"
        text="Your share of what every customer credited to you pays, for as long as they stay subscribed."
      />
      <Figure
        icon={<CalendarClock aria-hidden="true" className="size-5" />}
        value={days}
        label="Attribution window"
        text={`Someone who follows your link and signs up within ${days} is credited to you. If they followed several partners' links, the last one counts.`}
      />
      <Figure
        icon={<BadgePercent aria-hidden="true" className="size-5" />}
        value={discount > 0 ? `${discount}% off` : 'Your code'}
        label="For your audience"
        text={
          discount > 0
            ? `Your partner code gives your audience ${partnerDiscount(discount)} at checkout, and credits the sale to you.`
            : 'Customers who enter your partner code at checkout are credited to you.'
        }
      />
    </ul>
  );
}

const STEPS = [
  {
    Icon: Send,
    title: 'Apply',
    text: 'Tell us where you publish and how you would present Astro Guidance. We reply by email.',
  },
  {
    Icon: Link2,
    title: 'Get your code and link',
    text: 'Once approved you get your own partner code, such as LUNASKY, and a link that carries it.',
  },
  {
    Icon: Sparkles,
    title: 'Share it',
    text: 'Mention the app in your posts, videos, newsletter or readings, with your link or your code.',
  },
  {
    Icon: HandCoins,
    title: 'Earn',
    text: 'Every payment of a customer credited to you earns your commission.',
  },
];

function ProgrammeFigures() {
  const programme = useProgramme();
  if (programme.isPending) {
    return (
      <p className="flex items-center gap-3 text-muted" role="status">
        <Spinner /> Loading the programme's figures...
      </p>
    );
  }
  if (programme.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{getErrorMessage(programme.error)}</Alert>
        <Button variant="secondary" onClick={() => void programme.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Figures programme={programme.data} />;
}

export default function PartnersPage() {
  useMetaDescription(
    'Become an Astro Guidance partner: your audience gets a discount with your code, and you earn a commission on what they pay.',
  );
  const programme = useProgramme();
  // The page served at build time (rendered through Vite's SSR loader) cannot know the address the
  // app is served from: it shows the path alone until the app renders with the real address.
  const origin = import.meta.env.SSR ? '' : window.location.origin;
  return (
    <Page
      title="Partner programme"
      width="wide"
      lead="Recommend Astro Guidance to the people who follow you. They get a discount with your code; you earn a commission on what they pay."
    >
      <div className="flex flex-col gap-14">
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/partners/apply" className={buttonClasses('primary', 'lg')}>
            Apply to become a partner <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <Link to="/contact?topic=partners" className={buttonClasses('secondary', 'lg')}>
            Ask a question
          </Link>
        </div>

        <section aria-labelledby="figures-title" className="flex flex-col gap-6">
          <h2 id="figures-title" className="text-2xl font-semibold">
            The programme in figures
          </h2>
          <ProgrammeFigures />
        </section>

        <section aria-labelledby="steps-title" className="flex flex-col gap-6">
          <h2 id="steps-title" className="text-2xl font-semibold">
            How it works
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2">
            {STEPS.map(({ Icon, title, text }, index) => (
              <li key={title} className="flex gap-4 rounded-2xl border border-dashed border-line p-5">
                <span className="font-display text-3xl font-semibold text-gold">{index + 1}</span>
                <div>
                  <h3 className="flex items-center gap-2 font-sans text-base font-semibold">
                    <Icon aria-hidden="true" className="size-4 text-accent" /> {title}
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="coupons-title" className="flex flex-col gap-4">
          <h2 id="coupons-title" className="text-2xl font-semibold">
            How partner codes work
          </h2>
          <p className="text-muted">
            Your link is the address of the app with your code added, for example{' '}
            <code className="rounded bg-surface-2 px-1.5 py-0.5 text-sm break-all text-fg">
              {origin}/?ref=YOURCODE
            </code>
            . When someone opens it, the app keeps your code on their device. If they sign up within{' '}
            {programme.data ? formatDays(programme.data.attributionWindowDays) : 'the attribution window'},
            they are credited to you, and the code is applied at checkout
            {programme.data && programme.data.partnerCouponPercentOff > 0
              ? ` for ${partnerDiscount(programme.data.partnerCouponPercentOff)}`
              : ''}
            .
          </p>
          <p className="text-muted">
            People can also type your code when they choose a plan. A code used at checkout credits you even
            if they came another way, and every later payment of that customer keeps crediting you. Visits are
            counted by our own server: there are no third-party trackers.
          </p>
        </section>

        <section aria-labelledby="terms-title" className="flex flex-col gap-4">
          <h2 id="terms-title" className="text-2xl font-semibold">
            Programme terms
          </h2>
          <ProgrammeTerms programme={programme.data} />
        </section>

        <section
          aria-labelledby="apply-title"
          className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface/80 p-6 sm:p-8"
        >
          <h2 id="apply-title" className="text-2xl font-semibold">
            Ready to join?
          </h2>
          <p className="text-muted">Applying takes two minutes. We answer every application by email.</p>
          <div className="flex flex-wrap items-center gap-4">
            <Link to="/partners/apply" className={buttonClasses('primary', 'lg')}>
              Apply now <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            {programme.data ? (
              <a
                href={`mailto:${programme.data.supportEmail}`}
                className="inline-flex items-center gap-2 text-sm font-medium text-accent underline underline-offset-2"
              >
                <Mail aria-hidden="true" className="size-4" />
                {programme.data.supportEmail}
              </a>
            ) : null}
          </div>
        </section>
      </div>
    </Page>
  );
}
