import type { AspectKindName } from '@app/contracts/chart.ts';
import { ASPECT_COLOURS } from '../../../components/chart/chart-symbols.ts';

// Aspect symbols drawn as paths: the Unicode ones (⚹ ⚺ ⚻) are missing from many system fonts.
const SHAPES: Record<AspectKindName, string> = {
  conjunction: 'M8 5.2L11 1 M3.2 7.8a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
  opposition:
    'M1.5 10.5a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0 -3.6 0 M6.9 1.5a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0 -3.6 0 M4.6 7.4L7.4 4.6',
  square: 'M2 2H10V10H2Z',
  trine: 'M6 1.5L10.8 10H1.2Z',
  sextile: 'M6 1V11 M1.7 3.5L10.3 8.5 M1.7 8.5L10.3 3.5',
  semiSextile: 'M1 10.5H11 M2.8 2.5L6 10.5L9.2 2.5',
  quincunx: 'M1 1.5H11 M2.8 9.5L6 1.5L9.2 9.5',
};

export function AspectIcon({ kind, size = 14 }: { kind: AspectKindName; size?: number }) {
  return (
    <svg
      viewBox="0 0 12 12"
      width={size}
      height={size}
      aria-hidden="true"
      className="inline-block align-middle"
      fill="none"
      stroke={ASPECT_COLOURS[kind]}
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={SHAPES[kind]} />
    </svg>
  );
}
