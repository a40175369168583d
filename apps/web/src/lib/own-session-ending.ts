let endingOwnSession = 0;

/**
 * Runs a request by which this tab ends its own session (logout, deleting the account): the
 * server's news of that ending is not for this tab, which signs itself out with its own words.
 */
export async function whileEndingOwnSession<T>(request: () => Promise<T>): Promise<T> {
  endingOwnSession += 1;
  try {
    return await request();
  } finally {
    endingOwnSession -= 1;
  }
}

/** True while this tab is ending its own session (see `whileEndingOwnSession`). */
export function isEndingOwnSession(): boolean {
  return endingOwnSession > 0;
}
