/**
 * Data that belongs to a signed-in person but lives in other parts of the app (subscription
 * status, birth data). Those parts register here; signing in loads them all and signing out
 * clears them, without the account code knowing about each one.
 */
export interface SessionDataSource {
  name: string;
  load: () => Promise<void>;
  clear: () => void;
}

const sources = new Map<string, SessionDataSource>();

export function registerSessionData(source: SessionDataSource): () => void {
  sources.set(source.name, source);
  return () => {
    if (sources.get(source.name) === source) sources.delete(source.name);
  };
}

/**
 * Loads every source; a failure of one is logged and does not stop the others
 * (docs/requirements/state-and-flows.md).
 */
export async function loadSessionData(): Promise<void> {
  await Promise.all(
    [...sources.values()].map((source) =>
      source.load().catch((error: unknown) => {
        console.warn(`Could not load ${source.name}`, error instanceof Error ? error.message : error);
      }),
    ),
  );
}

export function clearSessionData(): void {
  for (const source of sources.values()) source.clear();
}
