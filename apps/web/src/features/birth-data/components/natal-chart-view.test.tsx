import { BODY_NAMES, type ChartReading, type NatalChart, type ZodiacId } from '@app/contracts/chart.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSignedInPerson } from '../../../lib/signed-in-person.ts';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { fakePosition } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NatalChartView } from './natal-chart-view.tsx';

const AYANAMSA: Record<ZodiacId, number | null> = { tropical: null, lahiri: 23.72, 'fagan-bradley': 24.6 };

const at = (tropical: number, shift: number) => fakePosition((tropical - shift + 360) % 360);

/** What the server answers: the same sky, longitudes less the ayanamsa of the zodiac asked for. */
function chartFor(zodiac: ZodiacId, timeKnown = true): NatalChart {
  const shift = AYANAMSA[zodiac] ?? 0;
  return {
    houseSystem: { requested: 'P', used: 'P' },
    zodiac: { id: zodiac, ayanamsa: AYANAMSA[zodiac] },
    timeKnown,
    moment: { utc: '', localTime: '', timeZone: 'UTC', utcOffsetSeconds: 0, zoneAbbreviation: 'UTC' },
    place: { city: 'X', country: 'Y', latitude: 0, longitude: 0 },
    // The Sun at 1°08′ Taurus tropical, the Moon at 26°08′ Taurus (13.2° a day), the rest 25° apart.
    bodies: BODY_NAMES.map((id, i) => ({
      id,
      ...at(31.14 + i * 25, shift),
      latitude: 0,
      speed: id === 'moon' ? 13.2 : 1,
      retrograde: false,
      house: timeKnown ? 1 + (i % 12) : null,
      dignities: id === 'mercury' ? ['domicile', 'exaltation'] : [],
    })),
    angles: timeKnown
      ? {
          ascendant: at(15, shift),
          midheaven: at(285, shift),
          descendant: at(195, shift),
          imumCoeli: at(105, shift),
          vertex: at(200, shift),
        }
      : null,
    cusps: timeKnown
      ? Array.from({ length: 12 }, (_, i) => ({ house: i + 1, ...at(15 + i * 30, shift) }))
      : null,
    aspects: [],
    elements: { fire: 3, earth: 3, air: 2, water: 2 },
    modalities: { cardinal: 4, fixed: 3, mutable: 3 },
    chartRuler: timeKnown ? { modern: 'mars', traditional: 'mars' } : null,
    moonPhase: null,
    notes: [],
  };
}

/** Rendering on two busy cores can take longer than the default second. */
const WAIT = { timeout: 5000 };
const server = installFakeServer();
const chartRequests = () => server.sent.filter((request) => request.url === '/api/chart/natal');

/** The server answers the zodiac asked for; the birth time is known unless said otherwise. */
function answerCharts(timeKnown = true) {
  server.answers['GET /api/chart/natal'] = (request) =>
    ok({
      success: true,
      chart: chartFor((request.params?.zodiac as ZodiacId | undefined) ?? 'tropical', timeKnown),
      reading: readingFor(timeKnown),
    });
}

/** A reading as the server composes it: entries with anchors the tables link to. */
function readingFor(timeKnown: boolean): ChartReading {
  return {
    sections: [
      {
        id: 'big-three',
        title: 'The big three',
        entries: [{ id: 'sign-sun', title: 'Sun in Aries', text: 'Your Sun in Aries starts things.' }],
      },
      ...(timeKnown
        ? [
            {
              id: 'emphasis',
              title: "Your chart's emphasis",
              entries: [
                {
                  id: 'house-4-empty',
                  title: 'No planet in the 4th house',
                  text: 'Home speaks through its ruler.',
                },
              ],
            },
          ]
        : []),
    ],
    note: timeKnown ? null : 'Your birth time is not known, so this reading leaves out the houses.',
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => useSignedInPerson.setState({ person: null }));

describe('natal chart settings', () => {
  it('offers the tropical and two sidereal zodiacs and shows the chart in the one chosen', async () => {
    answerCharts();
    renderWithProviders(<NatalChartView />);
    const zodiac = screen.getByLabelText('Zodiac') as HTMLSelectElement;
    expect([...zodiac.options].map((o) => o.text)).toEqual([
      'Tropical',
      'Sidereal (Lahiri)',
      'Sidereal (Fagan-Bradley)',
    ]);
    expect(zodiac.value).toBe('tropical');
    await screen.findByTestId('houses-table', {}, WAIT);
    // The tropical default keeps the plain address (cached for offline use).
    expect(chartRequests()[0]!.params).toEqual({ houseSystem: 'P' });
    expect(screen.queryByTestId('zodiac-note')).toBeNull();

    await userEvent.selectOptions(zodiac, 'lahiri');
    expect(await screen.findByTestId('zodiac-note', {}, WAIT)).toHaveProperty(
      'textContent',
      'Sidereal (Lahiri) zodiac: every position is 23°43′ less than in the tropical zodiac (the ayanamsa).',
    );
    expect(chartRequests().at(-1)!.params).toEqual({ houseSystem: 'P', zodiac: 'lahiri' });
    // The first cusp at 15° Aries tropical is at 21°16′ Pisces in the Lahiri zodiac.
    await waitFor(() => expect(screen.getByTestId('houses-table').textContent).toContain('21°16′'));

    await userEvent.selectOptions(screen.getByLabelText('House system'), 'W');
    expect(chartRequests().at(-1)!.params).toEqual({ houseSystem: 'W', zodiac: 'lahiri' });
  });

  it('remembers the zodiac and house system for each person on this device', async () => {
    answerCharts();
    useSignedInPerson.setState({ person: { id: 'u1', name: 'Ada' } });
    const first = renderWithProviders(<NatalChartView />);
    await screen.findByTestId('houses-table', {}, WAIT);
    await userEvent.selectOptions(screen.getByLabelText('Zodiac'), 'lahiri');
    await userEvent.selectOptions(screen.getByLabelText('House system'), 'W');
    expect(JSON.parse(localStorage.getItem('chart-settings:u1') ?? 'null')).toEqual({
      zodiac: 'lahiri',
      houseSystem: 'W',
    });
    first.unmount();

    // Reloaded: the chart opens as it was left, and asks for it so.
    server.sent.length = 0;
    const again = renderWithProviders(<NatalChartView />);
    expect((screen.getByLabelText('Zodiac') as HTMLSelectElement).value).toBe('lahiri');
    expect((screen.getByLabelText('House system') as HTMLSelectElement).value).toBe('W');
    await screen.findByTestId('zodiac-note', {}, WAIT);
    expect(chartRequests()[0]!.params).toEqual({ houseSystem: 'W', zodiac: 'lahiri' });
    again.unmount();

    // Someone else on the same device starts from the defaults; a damaged entry is ignored.
    useSignedInPerson.setState({ person: { id: 'u2', name: 'Grace' } });
    localStorage.setItem('chart-settings:u2', '{"zodiac":"vedic","houseSystem":"K"}');
    renderWithProviders(<NatalChartView />);
    expect((screen.getByLabelText('Zodiac') as HTMLSelectElement).value).toBe('tropical');
    expect((screen.getByLabelText('House system') as HTMLSelectElement).value).toBe('K');
    await screen.findByTestId('houses-table', {}, WAIT);
  });
});

describe('the reading of the chart', () => {
  it('reads the chart under the tables, each entry linked from its row', async () => {
    answerCharts(true);
    renderWithProviders(<NatalChartView />);
    const reading = await screen.findByTestId('chart-reading', {}, WAIT);
    expect(within(reading).getByRole('heading', { name: 'The big three' })).toBeTruthy();
    const sun = within(reading).getByRole('heading', { name: 'Sun in Aries' }).closest('article')!;
    expect(sun.id).toBe('reading-sign-sun');
    const table = screen.getByRole('table', { name: 'Planets and points' });
    await userEvent.click(within(table).getByRole('button', { name: 'Sun: read about it' }));
    expect(document.activeElement).toBe(sun);
    const houses = screen.getByRole('table', { name: /Houses/ });
    await userEvent.click(within(houses).getByRole('button', { name: 'House 4: read about it' }));
    expect(document.activeElement?.id).toBe('reading-house-4-empty');
    expect(within(reading).queryByText(/birth time is not known/)).toBeNull();
  });

  it('says why the houses and angles are left out without a birth time', async () => {
    answerCharts(false);
    renderWithProviders(<NatalChartView />);
    const reading = await screen.findByTestId('chart-reading', {}, WAIT);
    expect(within(reading).getByText(/birth time is not known/)).toBeTruthy();
    expect(
      within(reading)
        .getAllByRole('heading', { level: 5 })
        .map((h) => h.textContent),
    ).toEqual(['Sun in Aries']);
  });
});

describe('the natal chart without a birth time', () => {
  it("marks the Moon's position as approximate, with the range it may have been in", async () => {
    answerCharts(false);
    renderWithProviders(<NatalChartView />);
    // 13.2° a day: up to 6.6° either side of noon, said as 7°.
    const facts = await screen.findByTestId('key-facts', {}, WAIT);
    expect(facts.textContent).toContain('Moon26°08′ Taurus (± up to 7°)');
    expect(facts.textContent).toContain('Sun1°08′ Taurus');
    expect(screen.getByTestId('moon-range').textContent).toMatch(
      /^The Moon's position is approximate \(± up to 7°\).*between 19°08′ Taurus and 3°08′ Gemini, so its sign is not certain\.$/,
    );
    const table = screen.getByRole('table', { name: 'Planets and points' });
    const moonRow = within(table).getByRole('row', { name: /Moon/ });
    expect(moonRow.textContent).toContain('approximate, ± up to 7°');
    expect(within(table).getAllByText(/± up to/)).toHaveLength(1);
  });

  it('says nothing of the kind when the time is known', async () => {
    answerCharts(true);
    renderWithProviders(<NatalChartView />);
    const facts = await screen.findByTestId('key-facts', {}, WAIT);
    expect(facts.textContent).toContain('Moon26°08′ Taurus');
    expect(facts.textContent).not.toContain('±');
    expect(screen.queryByTestId('moon-range')).toBeNull();
  });
});

describe('the planets table on a phone', () => {
  it('keeps every column in view: names and dignities may wrap, and the sign is told by its glyph', async () => {
    answerCharts();
    renderWithProviders(<NatalChartView />);
    const table = await screen.findByRole('table', { name: 'Planets and points' }, WAIT);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Body', 'Position', 'House', 'Rx', 'Dignity']);
    const mercury = within(table).getByRole('row', { name: /Mercury/ });
    const cells = [...mercury.querySelectorAll('th, td')];
    expect(cells.at(-1)!.textContent).toBe('Domicile, Exaltation');
    // jsdom lays nothing out: what is checked is that no cell refuses to wrap (only a reading
    // such as "17°23′ ♉" is kept on one line), and the sign's name is for screen readers on a phone.
    for (const cell of cells) expect(cell.className).not.toMatch(/whitespace-nowrap/);
    expect(within(mercury).getByText('Gemini', { exact: false }).className).toContain(
      'sr-only sm:not-sr-only',
    );
  });
});
