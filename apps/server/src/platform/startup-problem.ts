// Why the server could not start, in one line an operator can act on. Anything not recognised is
// shown whole (with its stack), because then the stack is the useful part.

interface SystemError {
  code?: unknown;
  path?: unknown;
  port?: unknown;
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'the server may not write to',
  EPERM: 'the server may not write to',
  EROFS: 'the file system is read-only at',
  ENOSPC: 'the disk is full at',
  ENOENT: 'this path does not exist:',
};

/** A one-line explanation for a known start-up failure, or null to show the error as it is. */
export function startupProblem(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, path, port } = error as SystemError;
  if (typeof code !== 'string') return null;
  if (code === 'EADDRINUSE') {
    const which = typeof port === 'number' ? `port ${port}` : 'the port';
    return `Cannot start: ${which} is already in use. Stop the other process or set PORT.`;
  }
  const problem = FILE_PROBLEMS[code];
  if (problem && typeof path === 'string') {
    return `Cannot start: ${problem} ${path}. Check DATA_DIR and its permissions (the server keeps its database and secrets there).`;
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN') {
    return 'Cannot start: the database file cannot be opened for writing. Check DATA_DIR and its permissions.';
  }
  if (code === 'SQLITE_FULL') return 'Cannot start: the disk holding the database is full.';
  return null;
}
