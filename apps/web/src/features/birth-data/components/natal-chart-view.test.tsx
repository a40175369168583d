import { BODY_NAMES, type NatalChart, type ZodiacId } from '@app/contracts/chart.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { fakePosition } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NatalChartView } from './natal-chart-view.tsx';

const AYANAMSA: Record<ZodiacId, number | null> = { tropical: null, lahiri: 23.72, 'fagan-bradley': 24.6 };

const at = (tropical: number, shift: number) => fakePosition((tropical - shift + 360) % 360);

/** What the server answers: the same sky, longitudes less the ayanamsa of the zodiac asked for. */
function chartFor(zodiac: ZodiacId): NatalChart {
  const shift = AYANAMSA[zodiac] ?? 0;
  return {
    houseSystem: { requested: 'P', used: 'P' },
    zodiac: { id: zodiac, ayanamsa: AYANAMSA[zodiac] },
    timeKnown: true,
    moment: { utc: '', localTime: '', timeZone: 'UTC', utcOffsetSeconds: 0, zoneAbbreviation: 'UTC' },
    place: { city: 'X', country: 'Y', latitude: 0, longitude: 0 },
    // The Sun at 1°08′ Taurus tropical, the rest 25° apart.
    bodies: BODY_NAMES.map((id, i) => ({
      id,
      ...at(31.14 + i * 25, shift),
      latitude: 0,
      speed: 1,
      retrograde: false,
      house: 1 + (i % 12),
      dignities: [],
    })),
    angles: {
      ascendant: at(15, shift),
      midheaven: at(285, shift),
      descendant: at(195, shift),
      imumCoeli: at(105, shift),
      vertex: at(200, shift),
    },
    cusps: Array.from({ length: 12 }, (_, i) => ({ house: i + 1, ...at(15 + i * 30, shift) })),
    aspects: [],
    elements: { fire: 3, earth: 3, air: 2, water: 2 },
    modalities: { cardinal: 4, fixed: 3, mutable: 3 },
    chartRuler: { modern: 'mars', traditional: 'mars' },
    moonPhase: null,
    notes: [],
  };
}

const server = installFakeServer();
const chartRequests = () => server.sent.filter((request) => request.url === '/api/chart/natal');

describe('natal chart settings', () => {
  it('offers the tropical and two sidereal zodiacs and shows the chart in the one chosen', async () => {
    server.answers['GET /api/chart/natal'] = (request) =>
      ok({ success: true, chart: chartFor((request.params?.zodiac as ZodiacId | undefined) ?? 'tropical') });
    renderWithProviders(<NatalChartView />);
    const zodiac = screen.getByLabelText('Zodiac') as HTMLSelectElement;
    expect([...zodiac.options].map((o) => o.text)).toEqual([
      'Tropical',
      'Sidereal (Lahiri)',
      'Sidereal (Fagan-Bradley)',
    ]);
    expect(zodiac.value).toBe('tropical');
    await screen.findByTestId('houses-table');
    // The tropical default keeps the plain address (cached for offline use).
    expect(chartRequests()[0]!.params).toEqual({ houseSystem: 'P' });
    expect(screen.queryByTestId('zodiac-note')).toBeNull();

    await userEvent.selectOptions(zodiac, 'lahiri');
    expect(await screen.findByTestId('zodiac-note')).toHaveProperty(
      'textContent',
      'Sidereal (Lahiri) zodiac: every position is 23°43′ less than in the tropical zodiac (the ayanamsa).',
    );
    expect(chartRequests().at(-1)!.params).toEqual({ houseSystem: 'P', zodiac: 'lahiri' });
    // The first cusp at 15° Aries tropical is at 21°16′ Pisces in the Lahiri zodiac.
    await waitFor(() => expect(screen.getByTestId('houses-table').textContent).toContain('21°16′'));

    await userEvent.selectOptions(screen.getByLabelText('House system'), 'W');
    expect(chartRequests().at(-1)!.params).toEqual({ houseSystem: 'W', zodiac: 'lahiri' });
  });
});
