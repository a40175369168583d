import { describe, expect, it } from 'vitest';
import { nutationIau2000b } from '../src/ephemeris/nutation.ts';

const RAD_PER_DEGREE = Math.PI / 180;

describe('IAU 2000B nutation', () => {
  it('gives the IAU SOFA check values for 2006 January 15, 0h TT (MJD 53736)', () => {
    const t = (2400000.5 + 53736 - 2451545) / 36525;
    const { dpsi, deps } = nutationIau2000b(t);
    expect(dpsi * RAD_PER_DEGREE).toBeCloseTo(-0.9632552291148363e-5, 15);
    expect(deps * RAD_PER_DEGREE).toBeCloseTo(0.4063197106621159e-4, 15);
  });

  it('stays within the 18.6-year main term and its harmonics over 1900-2100', () => {
    for (let t = -1; t <= 1; t += 0.01) {
      const { dpsi, deps } = nutationIau2000b(t);
      expect(Math.abs(dpsi * 3600)).toBeLessThan(19.5);
      expect(Math.abs(deps * 3600)).toBeLessThan(10.5);
    }
  });
});
