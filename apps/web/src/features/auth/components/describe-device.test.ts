import { describe, expect, it } from 'vitest';
import { describeDevice, deviceKind } from './describe-device.ts';

const AGENTS = {
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  galaxyTab:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

describe('deviceKind', () => {
  it('tells phones from tablets and computers', () => {
    expect(deviceKind(AGENTS.pixel)).toBe('phone');
    expect(deviceKind(AGENTS.iphone)).toBe('phone');
    expect(deviceKind(AGENTS.firefoxAndroid)).toBe('phone');
    expect(deviceKind(AGENTS.galaxyTab)).toBe('tablet');
    expect(deviceKind(AGENTS.ipad)).toBe('tablet');
    expect(deviceKind(AGENTS.windows)).toBe('computer');
    expect(deviceKind(AGENTS.mac)).toBe('computer');
    expect(deviceKind(null)).toBe('unknown');
  });

  it('names the browser and system', () => {
    expect(describeDevice(AGENTS.pixel)).toBe('Chrome on Android');
    expect(describeDevice(AGENTS.iphone)).toBe('Safari on iOS');
  });
});
