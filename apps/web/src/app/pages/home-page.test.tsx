import type { Samples } from '@app/contracts/samples.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../features/auth/stores/auth-store.ts';
import { landscapeOf } from '../../features/cosmic-landscape/components/landscape-fixtures.ts';
import { installFakeServer, ok, refused } from '../../testing/fake-server.ts';
import { fakePlan, fakePlansResult, fakeSubscriptionStatus, fakeUser } from '../../testing/fakes.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import HomePage from './home-page.tsx';
import { headlinePlan, priceLine } from './home-pricing.tsx';

const server = installFakeServer();

const MONTHLY = fakePlan();
const YEARLY = fakePlan({ id: 'yearly', name: 'Yearly', interval: 'year', priceMinor: 14388 });
const CHAT = fakePlan({ id: 'chat-monthly', name: 'Chat only', kind: 'chat', priceMinor: 799, trialDays: 3 });

const SAMPLES: Samples = {
  birth: { date: '1990-04-21', time: '14:30', place: 'Oslo, Norway', zone: 'Europe/Oslo' },
  landscape: landscapeOf('2026-11-22'),
  chat: {
    question: 'What does my Moon sign say about me?',
    answer:
      '**Moon in Pisces in the 7th house**: your emotional needs.\n\nIts aspects in your chart: Moon sextiles Uranus.',
    facts: [{ kind: 'placement', text: 'Moon in Pisces in the 7th house' }],
  },
};

const renderHome = (at = '/') => renderWithProviders(<HomePage />, { at, path: '/' });

beforeEach(() => {
  useAuth.setState({ user: null, token: null, loading: false, error: null });
  server.answers['GET /api/subscription/plans'] = ok(fakePlansResult([MONTHLY, YEARLY, CHAT]));
  server.answers['GET /api/samples'] = ok({ success: true, data: SAMPLES });
});

describe('the price at a glance', () => {
  it('names the monthly plan of the whole product, with its free trial', () => {
    expect(headlinePlan([CHAT, YEARLY, MONTHLY])).toBe(MONTHLY);
    expect(headlinePlan([CHAT, YEARLY])).toBe(YEARLY);
    expect(headlinePlan([CHAT])).toBe(CHAT);
    expect(headlinePlan([])).toBeUndefined();
    expect(priceLine(MONTHLY, 'en-US')).toBe('7-day free trial, then $14.99/month');
    expect(priceLine({ ...YEARLY, trialDays: 0 }, 'en-US')).toBe('$143.88/year');
  });
});

describe('home page', () => {
  it("shows the plans' prices and free trials from the catalogue, in placeholders' places", async () => {
    renderHome();
    // Before the catalogue answers: the line and the cards hold their places.
    const pricing = screen.getByRole('region', { name: 'Plans and prices' });
    const placeholders = within(pricing).getAllByTestId('plan-card');
    expect(placeholders).toHaveLength(3);
    const frame = placeholders[0]?.className;
    expect(screen.getByTestId('hero-price').className).toContain('min-h-7');

    expect(await screen.findByText('7-day free trial, then $14.99/month')).toBeTruthy();
    const cards = within(pricing).getAllByTestId('plan-card');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'Monthly',
      'Yearly',
      'Chat only',
    ]);
    for (const card of cards) expect(card.className).toBe(frame);
    expect(screen.getByTestId('home-price-monthly').textContent).toBe('$14.99 / month');
    expect(screen.getByTestId('home-price-yearly').textContent).toBe('$143.88 / year');
    expect(within(cards[1] as HTMLElement).getByText('$11.99/month, billed yearly')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('7-day free trial')).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByText('3-day free trial')).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByText('The astrology assistant only')).toBeTruthy();
    // One request for both the line and the cards.
    expect(server.sent.filter((request) => request.url === '/api/subscription/plans')).toHaveLength(1);
  });

  it('says when the prices cannot be loaded, and tries again on request', async () => {
    server.answers['GET /api/subscription/plans'] = refused(503, 'SERVICE_UNAVAILABLE');
    renderHome();
    const user = userEvent.setup();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByText('The prices could not be loaded right now.')).toBeTruthy();
    server.answers['GET /api/subscription/plans'] = ok(fakePlansResult([MONTHLY]));
    await user.click(retry);
    expect(await screen.findByTestId('home-price-monthly')).toBeTruthy();
  });

  it('takes a guest from the prices to the sign-up form, ready to type in', async () => {
    const { router } = renderHome('/?auth=login');
    const user = userEvent.setup();
    await screen.findByTestId('home-price-monthly');
    await screen.findByRole('form', { name: 'Log in' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Create your account' }));
    expect(router.state.location.search).toBe('?auth=register');
    const form = await screen.findByRole('form', { name: 'Create account' }, { timeout: 8000 });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
  });

  it('offers a verified person without a plan the plans instead of the sign-up', async () => {
    useAuth.setState({ user: fakeUser(), token: 't' });
    server.answers['GET /api/subscription/status'] = ok(fakeSubscriptionStatus());
    renderHome();
    const pricing = await screen.findByRole('region', { name: 'Plans and prices' });
    const link = await within(pricing).findByRole('link', { name: 'Choose your plan' });
    expect(link.getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('button', { name: 'Create your account' })).toBeNull();
  });

  it('shows a sample landscape and a sample answer, computed by the server, in frames that keep their size', async () => {
    renderHome();
    const landscapeFrame = screen.getByTestId('sample-landscape');
    const chatFrame = screen.getByTestId('sample-chat');
    const frames = [landscapeFrame.className, chatFrame.className];
    expect(frames[0]).toContain('h-[34rem]');

    const landscape = await screen.findByRole(
      'region',
      { name: "Sample: Today's cosmic landscape" },
      { timeout: 8000 },
    );
    expect(landscape.textContent).toContain('For someone born 21 April 1990 at 14:30 in Oslo, Norway');
    expect(landscape.textContent).toContain('Today, 22 November 2026');
    expect(within(landscape).getByText('Steady ground on 2026-11-22')).toBeTruthy();
    expect(within(landscape).getByText(/^Saturn asks for patience/)).toBeTruthy();
    expect(within(landscape).getByText('Saturn squares your natal Sun in Taurus')).toBeTruthy();
    expect(within(landscape).getByText('A test of what you have built.')).toBeTruthy();
    expect(within(landscape).getByText(/^Taurus, entering Gemini/)).toBeTruthy();
    // Scrolls inside its frame, by keyboard too.
    expect(landscape.tabIndex).toBe(0);

    const chat = screen.getByRole('region', { name: 'Sample: A question for the assistant' });
    expect(within(chat).getByText('What does my Moon sign say about me?')).toBeTruthy();
    expect(within(chat).getByText('Moon in Pisces in the 7th house', { selector: 'strong' })).toBeTruthy();
    expect(chat.textContent).toContain('Its aspects in your chart: Moon sextiles Uranus.');

    expect([
      screen.getByTestId('sample-landscape').className,
      screen.getByTestId('sample-chat').className,
    ]).toEqual(frames);
    expect(server.sent.filter((request) => request.url === '/api/samples')).toHaveLength(1);
  });

  it('says in the frames when the samples cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.answers['GET /api/samples'] = refused(500, 'INTERNAL');
    renderHome();
    expect(
      await screen.findAllByText('This sample could not be loaded right now.', {}, { timeout: 8000 }),
    ).toHaveLength(2);
    expect(screen.getByTestId('sample-landscape').className).toContain('h-[34rem]');
  });
});
