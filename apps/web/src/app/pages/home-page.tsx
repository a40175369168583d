import type { User } from '@app/contracts/auth.ts';
import {
  ArrowRight,
  CalendarHeart,
  MailCheck,
  MessageCircle,
  Orbit,
  Sparkles,
  Star,
  Telescope,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { AuthMode } from '../../features/auth/components/auth-panel.tsx';
import { useAuth } from '../../features/auth/stores/auth-store.ts';
import { PRODUCT_NAME } from '../../lib/brand.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { type NextStep, nextStep } from '../access.ts';
import { LoadingScreen } from '../layout/loading-screen.tsx';
import { readAccessFacts, useAccessFacts } from '../use-access-facts.ts';
import { greeting } from './greeting.ts';
import { PriceLine, Pricing } from './home-pricing.tsx';
import { SamplesSection } from './home-samples-frame.tsx';
import { ZodiacWheel } from './zodiac-wheel.tsx';

// The forms and their validation load in parallel with the first paint, keeping the start-up code small.
const AuthPanel = lazy(() =>
  import('../../features/auth/components/auth-panel.tsx').then((module) => ({ default: module.AuthPanel })),
);

const STEP_PATH: Record<NextStep, string> = {
  'sign-in': '/',
  'verify-email': '/verify-email-pending',
  'choose-plan': '/subscription',
  'birth-data': '/birth-form',
  explore: '/cosmic-landscape',
};

const FEATURES = [
  {
    Icon: Telescope,
    title: 'A daily cosmic landscape',
    text: 'Each morning, a clear reading of the sky as it meets your chart: what is moving, what it touches, how to use the day.',
  },
  {
    Icon: MessageCircle,
    title: 'An astrology assistant to talk to',
    text: 'Ask about a transit, a relationship or a decision. Answers start from your birth chart, not a generic sun sign.',
  },
  {
    Icon: Orbit,
    title: 'Your birth chart, computed precisely',
    text: 'Planets, houses and aspects from your date, time and place of birth, kept private to your account.',
  },
];

function Hero({ aside }: { aside: ReactNode }) {
  return (
    <section className="relative mx-auto grid w-full max-w-6xl items-start gap-10 px-4 pt-10 pb-16 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-20">
      <ZodiacWheel className="pointer-events-none absolute -top-24 -left-40 -z-0 size-[34rem] text-accent opacity-[0.07] dark:opacity-[0.1]" />
      <div className="relative flex flex-col gap-6 lg:pt-6">
        <p className="inline-flex w-fit items-center gap-2 rounded-full border border-line bg-surface/70 px-3 py-1 text-xs font-medium text-muted">
          <Sparkles aria-hidden="true" className="size-3.5 text-gold" /> Astrology guidance, personal to you
        </p>
        <h1 className="text-4xl leading-[1.08] font-semibold sm:text-5xl lg:text-6xl">
          Read the sky <span className="block text-accent italic">as it speaks to you.</span>
        </h1>
        <p className="max-w-xl text-lg text-muted">
          {PRODUCT_NAME} turns your birth chart and today's planets into calm, practical guidance: a daily
          cosmic landscape and an assistant you can ask anything.
        </p>
        <ul className="flex flex-col gap-2 text-sm text-muted">
          {['Built on your exact birth chart', 'New guidance every day', 'Cancel any time'].map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Star aria-hidden="true" className="size-4 fill-current text-gold" />
              {item}
            </li>
          ))}
        </ul>
        <PriceLine />
      </div>
      <div className="relative">{aside}</div>
    </section>
  );
}

function Features() {
  return (
    <section
      aria-labelledby="features-title"
      className="below-fold mx-auto [--below-fold-height:80rem] w-full max-w-6xl px-4 pb-20 sm:px-6"
    >
      <h2 id="features-title" className="text-2xl font-semibold sm:text-3xl">
        Everything you need to follow your sky
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {FEATURES.map(({ Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-line bg-surface/80 p-6">
            <span className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ul>
      <ol className="mt-12 grid gap-4 sm:grid-cols-3">
        {['Create your account', 'Choose a plan', 'Enter your birth data'].map((step, index) => (
          <li key={step} className="flex items-center gap-4 rounded-2xl border border-dashed border-line p-5">
            <span className="font-display text-3xl font-semibold text-gold">{index + 1}</span>
            <span className="font-medium">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

const STEP_CARDS: Record<
  Exclude<NextStep, 'sign-in'>,
  { Icon: typeof MailCheck; title: string; text: string; action: string }
> = {
  'verify-email': {
    Icon: MailCheck,
    title: 'Verify your email',
    text: 'Open the link we emailed you to confirm your address. Then choose a plan.',
    action: 'Verify my email',
  },
  'choose-plan': {
    Icon: Sparkles,
    title: 'Choose your plan',
    text: 'Pick a plan to unlock your daily cosmic landscape and the astrology assistant.',
    action: 'See the plans',
  },
  'birth-data': {
    Icon: CalendarHeart,
    title: 'Enter your birth data',
    text: 'Your date, time and place of birth let us compute your chart.',
    action: 'Enter birth data',
  },
  explore: {
    Icon: Telescope,
    title: 'Your sky is ready',
    text: "See today's cosmic landscape or ask the assistant a question.",
    action: "Open today's landscape",
  },
};

function NextStepCard({ user, step }: { user: User; step: Exclude<NextStep, 'sign-in'> }) {
  const card = STEP_CARDS[step];
  return (
    <Card className="flex flex-col gap-5">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <card.Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <p className="text-sm text-muted">{greeting(user)}</p>
        <h2 className="mt-1 text-2xl font-semibold">{card.title}</h2>
        <p className="mt-2 text-muted">{card.text}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to={STEP_PATH[step]} className={buttonClasses('primary', 'lg')}>
          {card.action} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {step === 'explore' ? (
          <Link to="/chat" className={buttonClasses('secondary', 'lg')}>
            Ask the assistant
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

export default function HomePage() {
  useDocumentTitle(undefined);
  const facts = useAccessFacts();
  const user = useAuth((state) => state.user);
  const authError = useAuth((state) => state.error);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = params.get('auth') === 'login' ? 'login' : 'register';
  // Asked from the prices: once the form shown is the sign-up form, its first field takes the keyboard (once).
  const [signUpAsked, setSignUpAsked] = useState(false);
  useEffect(() => {
    if (!signUpAsked || mode !== 'register') return;
    document.querySelector<HTMLElement>('#account input')?.focus({ preventScroll: true });
    setSignUpAsked(false);
  }, [signUpAsked, mode]);

  if (facts.loading) return <LoadingScreen message="Loading your data..." />;

  const onSignedIn = () => navigate(STEP_PATH[nextStep(readAccessFacts())]);
  const step = nextStep(facts);

  // From the prices to the sign-up form at the top of the page, ready to type in.
  const startSignUp = () => {
    setParams({ auth: 'register' }, { replace: true });
    setSignUpAsked(true);
    document.getElementById('account')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  const pricingAction =
    step === 'sign-in' ? (
      <button type="button" onClick={startSignUp} className={buttonClasses('primary', 'lg')}>
        Create your account <ArrowRight aria-hidden="true" className="size-4" />
      </button>
    ) : step === 'choose-plan' ? (
      <Link to={STEP_PATH[step]} className={buttonClasses('primary', 'lg')}>
        Choose your plan <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    ) : null;

  const aside =
    user && step !== 'sign-in' ? (
      <NextStepCard user={user} step={step} />
    ) : (
      <Card id="account" className="flex scroll-mt-24 flex-col gap-4">
        {authError ? <Alert tone="error">{authError}</Alert> : null}
        <Suspense fallback={<div className="min-h-[26rem]" />}>
          <AuthPanel
            mode={mode}
            onModeChange={(next) => setParams({ auth: next }, { replace: true })}
            onSuccess={onSignedIn}
          />
        </Suspense>
      </Card>
    );

  return (
    <>
      <Hero aside={aside} />
      <Features />
      <SamplesSection />
      <Pricing action={pricingAction} />
    </>
  );
}
