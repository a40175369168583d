import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

// npm runs a script through `sh -c` and, on SIGTERM (a service manager stopping `npm start`),
// signals that shell, which dies without passing it on: the server would be left running,
// orphaned, holding its port. `exec` hands the shell's place to the long-running process itself.
it.each(['start', 'dev:server', 'cluster'])(
  'npm run %s ends by exec-ing its long-running process',
  (name) => {
    const commands = scripts[name]!.split('&&').map((command) => command.trim());
    expect(commands.at(-1)).toMatch(/^exec node /);
    expect(commands.slice(0, -1).some((command) => command.startsWith('exec '))).toBe(false);
  },
);
