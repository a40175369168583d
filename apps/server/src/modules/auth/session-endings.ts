import type { SessionEndReason } from '@app/contracts/realtime.ts';

// Why sessions ended (the contract's reasons): signed out (logout, a device signed out from the
// settings, a password change or reset, "sign out everywhere"), the account disabled, or deleted.

/** One session of a person, or all of a person's sessions (but the one that asked, if named). */
export type SessionEnding =
  | { userId: string; sessionId: string; reason: SessionEndReason }
  | { userId: string; exceptSessionId?: string; reason: SessionEndReason };

export type SessionEndingListener = (ending: SessionEnding) => void;

/**
 * Announces, in this process, sessions that a write of this process ended, once that write is
 * committed. Other parts subscribe through the auth plugin (the realtime server tells the open
 * sockets; it carries the news to other processes itself).
 */
export class SessionEndings {
  private readonly listeners = new Set<SessionEndingListener>();

  /** Returns a function that stops the listener. */
  subscribe(listener: SessionEndingListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(ending: SessionEnding): void {
    for (const listener of this.listeners) listener(ending);
  }
}
