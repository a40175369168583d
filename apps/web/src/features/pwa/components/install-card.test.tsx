import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_CARD_SNOOZE_MS } from '../install-card-rules.ts';
import { startInstallPromptCapture, useInstallPrompt } from '../install-prompt.ts';
import { InstallCard } from './install-card.tsx';

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('InstallCard', () => {
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    useInstallPrompt.setState({ offer: null, dismissedAt: null });
    stop = startInstallPromptCapture();
  });
  afterEach(() => {
    stop();
    cleanup();
  });

  it('appears only once the browser offers installation, and keeps the browser banner away', () => {
    render(<InstallCard />);
    expect(screen.queryByRole('region', { name: /install/i })).toBeNull();
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('region', { name: 'Install Astro Guidance' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
  });

  it('Install opens the browser dialog and the card goes away', async () => {
    render(<InstallCard />);
    const { prompt } = offerInstall('accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: /install/i })).toBeNull();
  });

  it('Later stores the date and hides the card for a week', async () => {
    render(<InstallCard />);
    offerInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: /install/i })).toBeNull();
    const stored = localStorage.getItem(STORAGE_KEYS.installCardDismissedAt);
    expect(Date.now() - Date.parse(stored ?? '')).toBeLessThan(5000);

    // A week later the offer is shown again.
    act(() => useInstallPrompt.setState({ dismissedAt: Date.now() - INSTALL_CARD_SNOOZE_MS }));
    expect(screen.getByRole('region', { name: 'Install Astro Guidance' })).toBeTruthy();
  });

  it('stays hidden when the app runs installed', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      render(<InstallCard />);
      offerInstall();
      expect(screen.queryByRole('region', { name: /install/i })).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('an installed app withdraws the offer', () => {
    render(<InstallCard />);
    offerInstall();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('region', { name: /install/i })).toBeNull();
  });
});
