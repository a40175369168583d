import type { Landscape, LandscapeStatus } from '@app/contracts/landscape.ts';
import { NO_OTHER_READING_MESSAGE } from '@app/contracts/landscape.ts';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import CosmicLandscapePage from './cosmic-landscape-page.tsx';
import { landscapeOf, statusOf } from './landscape-fixtures.ts';

// The machine running the tests is shared and slow at times: allow answers a few seconds.
configure({ asyncUtilTimeout: 5000 });

// The HTTP edge: an axios adapter answering like the server, recording what was asked, in order.

type Answer = { status: number; data: unknown } | (() => Promise<{ status: number; data: unknown }>);
let asked: string[] = [];
let answers: Record<string, Answer> = {};
const originalAdapter = api.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const key = `${config.method?.toUpperCase()} ${config.url}`;
  asked.push(key);
  const entry = answers[key] ?? { status: 404, data: { success: false, error: 'Resource not found.' } };
  const answer = typeof entry === 'function' ? await entry() : entry;
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400)
    throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
  return response;
};

const ok = (data: unknown) => ({ status: 200, data: { success: true, data } });
/** A failure whose body carries no text: the page must fall back to its own message. */
const bare = (status: number) => ({ status, data: {} });

const TODAY = '2026-11-24';
const YESTERDAY = '2026-11-23';

function dashboard(landscape: Landscape, status: LandscapeStatus, history: Landscape[] = [landscape]) {
  answers['GET /api/cosmic-landscape/dashboard'] = ok({ landscape, status, history });
}

function show() {
  return renderWithProviders(<CosmicLandscapePage />, {
    at: '/cosmic-landscape',
    routes: [{ path: '/chat', element: <p>chat page</p> }],
  }).router;
}

const headline = () => screen.findByRole('heading', { level: 2, name: /Steady ground|A new reading/ });

/** Today's ranked transits (the list after the time bars' legend). */
function transitItems(): HTMLElement[] {
  const list = screen.getByRole('region', { name: 'Transits today' }).querySelector('ol');
  return within(list!).getAllByRole('listitem', { hidden: true });
}

describe('cosmic landscape page', () => {
  beforeEach(() => {
    asked = [];
    answers = {
      'GET /api/chart/natal': bare(503),
      'GET /api/cosmic-landscape/location': ok({ placeId: null, name: null, zone: null }),
    };
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  it('shows a skeleton while loading, then the day: Moon, transits with time bars and chat links, sky events', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    answers['GET /api/cosmic-landscape/dashboard'] = async () => {
      await arrived;
      return ok({ landscape: landscapeOf(TODAY), status: statusOf(TODAY, 1), history: [landscapeOf(TODAY)] });
    };
    const router = show();
    expect(await screen.findByTestId('landscape-skeleton')).toBeTruthy();
    expect(screen.getByText("Loading today's cosmic landscape…")).toBeTruthy();
    release();

    expect((await headline()).textContent).toBe(`Steady ground on ${TODAY}`);
    expect(screen.queryByTestId('landscape-skeleton')).toBeNull();
    expect(screen.getByText(/Saturn asks for patience/)).toBeTruthy();
    expect(screen.getByText('Taurus, entering Gemini Tue 24 Nov, 15:05')).toBeTruthy();
    expect(screen.getByText('Waxing gibbous, 82% lit')).toBeTruthy();
    expect(screen.getByText('Tue 24 Nov, 10:00 to Tue 24 Nov, 15:05')).toBeTruthy();

    const transits = transitItems();
    expect(transits).toHaveLength(2);
    const first = within(transits[0]!);
    expect(first.getByRole('heading', { level: 4 }).textContent).toBe(
      'Saturn squares your natal Sun in Taurus',
    );
    expect(first.getByText(/Applying · orb 0°30′/)).toBeTruthy();
    expect(first.getByText('A test of what you have built.')).toBeTruthy();
    expect(
      first.getByText('In orb from Thu 1 Oct, 02:00, exact Tue 24 Nov, 21:00, leaves orb Sun 10 Jan, 01:00.'),
    ).toBeTruthy();
    expect(within(transits[1]!).getByText(/^In orb from before the span shown/)).toBeTruthy();
    expect(within(transits[1]!).getByText(/Separating/)).toBeTruthy();

    const moon = within(screen.getByRole('region', { name: "The Moon's transits" }));
    await userEvent.click(moon.getByRole('button', { name: "The Moon's transits" }));
    expect(moon.getByText('The Moon sextiles your natal Mars')).toBeTruthy();
    expect(moon.getByText('exact at 12:30')).toBeTruthy();
    expect(screen.getByText('Retrograde: Saturn, Neptune.')).toBeTruthy();
    expect(screen.getByText('Mercury turns retrograde Tue 24 Nov, 09:00')).toBeTruthy();
    expect(screen.getByText('Venus enters Capricorn Tue 24 Nov, 17:00')).toBeTruthy();
    expect(screen.getByTestId('quota').textContent).toBe('2 of 3 left today');
    expect(screen.queryByText('Birth time unknown')).toBeNull();

    const ask = first.getByRole('link', { name: 'Ask about this: Saturn squares your natal Sun in Taurus' });
    await userEvent.click(ask);
    expect(router.state.location.pathname).toBe('/chat');
    expect(new URLSearchParams(router.state.location.search).get('prompt')).toBe(
      'What does Saturn square my Sun ask of me?',
    );
  });

  it('says why houses are left out when the birth time is unknown', async () => {
    const note = 'Your birth time is unknown, so houses and the Ascendant are left out.';
    dashboard(landscapeOf(TODAY, { timeKnown: false, note }), statusOf(TODAY, 0));
    show();
    await headline();
    expect(screen.getByText('Birth time unknown')).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('regenerates, announces the new reading and then reads the status', async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0));
    answers['POST /api/cosmic-landscape/regenerate'] = ok(
      landscapeOf(TODAY, { variant: 1, headline: 'A new reading of the same sky' }),
    );
    answers['GET /api/cosmic-landscape/status'] = ok(statusOf(TODAY, 1));
    show();
    await headline();
    expect(screen.getByTestId('quota').textContent).toBe('3 of 3 left today');
    asked = [];
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findByRole('heading', { level: 2, name: 'A new reading of the same sky' })).id).toBe(
      'landscape-headline',
    );
    await waitFor(() => expect(screen.getByText('A new reading of today is ready.')).toBeTruthy());
    expect(screen.getByTestId('quota').textContent).toBe('2 of 3 left today');
    expect(asked.slice(0, 2)).toEqual([
      'POST /api/cosmic-landscape/regenerate',
      'GET /api/cosmic-landscape/status',
    ]);
  });

  it('turns regeneration off with an explanation when the allowance is spent', async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 3));
    answers['GET /api/cosmic-landscape/usage'] = ok({
      used: 3,
      limit: 3,
      remaining: 0,
      resetsAt: '2026-11-24T23:00:00.000Z',
    });
    show();
    await headline();
    const button = screen.getByRole('button', { name: 'Regenerate' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('quota').textContent).toBe('0 of 3 left today');
    expect(
      await screen.findByText("You have used today's regenerations; more are available from 00:00."),
    ).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
  });

  it("shows the server's refusal of a regeneration, else the page's own message", async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 2));
    answers['POST /api/cosmic-landscape/regenerate'] = {
      status: 429,
      data: {
        success: false,
        error: 'You have reached the daily limit of regenerations.',
        code: 'RATE_LIMITED',
      },
    };
    answers['GET /api/cosmic-landscape/status'] = ok(statusOf(TODAY, 3));
    show();
    await headline();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have reached the daily limit of regenerations.',
    );
    await waitFor(() => expect(screen.getByTestId('quota').textContent).toBe('0 of 3 left today'));

    cleanup();
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0));
    answers['POST /api/cosmic-landscape/regenerate'] = bare(500);
    show();
    await headline();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to regenerate cosmic landscape');
  });

  it('shows an upgrade card, not an error, when the plan does not include the landscape', async () => {
    const message =
      'Your plan does not include the daily cosmic landscape. Choose a full plan on the Subscription page to unlock it.';
    answers['GET /api/cosmic-landscape/dashboard'] = {
      status: 403,
      data: { success: false, error: message, code: 'PLAN_UPGRADE_REQUIRED' },
    };
    show();
    expect(
      await screen.findByRole('heading', { name: 'Your daily cosmic landscape comes with a full plan' }),
    ).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to its own message when the dashboard fails without one, and can try again', async () => {
    answers['GET /api/cosmic-landscape/dashboard'] = bare(500);
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to get dashboard data');
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await headline()).textContent).toBe(`Steady ground on ${TODAY}`);
  });

  it('builds a new day, then reads the status and the history, each failure with its own message', async () => {
    dashboard(landscapeOf(YESTERDAY), statusOf(TODAY, 0, 3, false), [landscapeOf(YESTERDAY)]);
    answers['POST /api/cosmic-landscape/generate'] = ok(landscapeOf(TODAY));
    answers['GET /api/cosmic-landscape/status'] = bare(500);
    answers['GET /api/cosmic-landscape/history'] = bare(500);
    show();
    await headline();
    asked = [];
    await userEvent.click(screen.getByRole('button', { name: "Show today's landscape" }));
    expect((await headline()).textContent).toBe(`Steady ground on ${TODAY}`);
    expect(await screen.findByText('Failed to get cosmic landscape status')).toBeTruthy();
    expect(await screen.findByText('Failed to get cosmic landscape history')).toBeTruthy();
    expect(asked).toEqual([
      'POST /api/cosmic-landscape/generate',
      'GET /api/cosmic-landscape/status',
      'GET /api/cosmic-landscape/history',
    ]);

    cleanup();
    dashboard(landscapeOf(YESTERDAY), statusOf(TODAY, 0, 3, false), [landscapeOf(YESTERDAY)]);
    answers['POST /api/cosmic-landscape/generate'] = bare(500);
    show();
    await headline();
    await userEvent.click(screen.getByRole('button', { name: "Show today's landscape" }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to generate cosmic landscape');
  });

  it('opens an earlier day from the history and comes back to today', async () => {
    const earlier = landscapeOf(YESTERDAY, { headline: 'Steady ground, the day before' });
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0), [landscapeOf(TODAY), earlier]);
    show();
    await headline();
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(history.getByRole('button', { name: /23 November 2026/ }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Steady ground, the day before' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('heading', { name: 'The Moon that day' })).toBeTruthy();
    expect(history.getByRole('button', { name: /23 November 2026/ }).getAttribute('aria-current')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: '← Back to today' }));
    expect((await headline()).textContent).toBe(`Steady ground on ${TODAY}`);
    expect(screen.getByRole('heading', { name: 'The Moon today' })).toBeTruthy();
  });

  it('puts Regenerate and History under the headline, before the reading, and folds the long sections', async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0));
    show();
    const title = await headline();
    const regenerate = screen.getByRole('button', { name: 'Regenerate' });
    const historyButton = screen.getByRole('button', { name: 'History' });
    const summary = screen.getByText(/Saturn asks for patience/);
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(title, regenerate) && follows(regenerate, summary)).toBe(true);
    expect(follows(historyButton, summary)).toBe(true);

    // The history folds open under the actions.
    expect(historyButton.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    await userEvent.click(historyButton);
    expect(historyButton.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem')).toHaveLength(1);

    // The Moon and the transits are open; the rest of the sections and all but the heaviest transit fold.
    const toggle = (name: string) => screen.getByRole('button', { name });
    expect(toggle('The Moon today').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('Transits today').getAttribute('aria-expanded')).toBe('true');
    for (const name of ["The Moon's transits", 'Stations, retrogrades and ingresses', 'Current location'])
      expect(toggle(name).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Venus enters Capricorn Tue 24 Nov, 17:00').closest('[hidden]')).toBeTruthy();
    await userEvent.click(toggle('Stations, retrogrades and ingresses'));
    expect(screen.getByText('Venus enters Capricorn Tue 24 Nov, 17:00').closest('[hidden]')).toBeNull();

    const [heaviest, second] = transitItems();
    expect(
      within(heaviest!)
        .getByRole('button', { name: /Saturn squares/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    const secondToggle = within(second!).getByRole('button', { name: /Venus trines/ });
    expect(secondToggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(second!).getByText('Warmth in close ties.').closest('[hidden]')).toBeTruthy();
    expect(
      within(second!)
        .getByText(/Separating/)
        .closest('[hidden]'),
    ).toBeNull();
    await userEvent.click(secondToggle);
    expect(within(second!).getByText('Warmth in close ties.').closest('[hidden]')).toBeNull();
    expect(
      within(second!).getByRole('link', { name: 'Ask about this: Venus trines your natal Moon in Virgo' }),
    ).toBeTruthy();
  });

  it('explains the timing bars in a legend beside them, for screen readers too', async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0));
    show();
    await headline();
    const transits = within(screen.getByRole('region', { name: 'Transits today' }));
    const legend = transits.getByRole('list', { name: 'How to read the timing bars' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Shaded: while the transit is in orb, from entering to leaving it',
      'Outlined: today',
      'Line: the moment it is exact',
    ]);
    // The legend comes before the first bar.
    const bar = transits.getAllByTestId('time-bar')[0]!;
    expect(legend.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not offer another reading when the day has none, and says why', async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 0, 3, true, false));
    show();
    await headline();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.queryByTestId('quota')).toBeNull();
    expect(screen.getByText(NO_OTHER_READING_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy();
  });

  it('takes the offer away when the server finds no other reading, saying why once, not as an error', async () => {
    dashboard(landscapeOf(TODAY), statusOf(TODAY, 1));
    answers['POST /api/cosmic-landscape/regenerate'] = {
      status: 409,
      data: { success: false, error: NO_OTHER_READING_MESSAGE, code: 'CONFLICT' },
    };
    answers['GET /api/cosmic-landscape/status'] = ok(statusOf(TODAY, 1, 3, true, false));
    show();
    await headline();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull());
    expect(screen.getAllByText(NO_OTHER_READING_MESSAGE)).toHaveLength(1);
    // The focus, on the button that went away, moves to the sentence saying why.
    expect(document.activeElement?.textContent).toBe(NO_OTHER_READING_MESSAGE);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('A new reading of today is ready.')).toBeNull();
    expect((await headline()).textContent).toBe(`Steady ground on ${TODAY}`);
  });
});
