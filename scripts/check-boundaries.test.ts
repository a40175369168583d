import { describe, expect, it } from 'vitest';
import { checkFile, checkRepository } from './check-boundaries.ts';

const MODULES = 'apps/server/src/modules';

describe('check-boundaries', () => {
  it('lets a module use another only through its plugin.ts', () => {
    const file = `${MODULES}/birth-data/service.ts`;
    expect(checkFile(file, "import type { PlacesService } from '../places/plugin.ts';")).toEqual([]);
    expect(
      checkFile(file, "import { x } from './repository.ts';\nimport { y } from '../../platform/errors.ts';"),
    ).toEqual([]);
    const inside = checkFile(file, "import type {\n  PlacesService,\n} from '../places/service.ts';");
    expect(inside).toEqual([expect.objectContaining({ file, target: `${MODULES}/places/service.ts` })]);
    expect(checkFile(file, "export { z } from '../places/testing.ts';")).toHaveLength(1);
    expect(checkFile(file, "const m = await import('../places/routes.ts');")).toHaveLength(1);
  });

  it('refuses a web feature importing another feature, and e2e support importing the server', () => {
    const feature = 'apps/web/src/features/chat/components/chat-page.tsx';
    expect(checkFile(feature, "import { useAuth } from '../../auth/stores/auth-store.ts';")).toHaveLength(1);
    expect(checkFile(feature, "import { api } from '../../../lib/api.ts';")).toEqual([]);
    expect(checkFile(feature, "import { ask } from '../api/ask.ts';")).toEqual([]);
    const support = 'apps/web/e2e/support/mail.ts';
    expect(
      checkFile(support, "import { startSmtpSink } from '../../../server/src/testing/smtp-sink.ts';"),
    ).toHaveLength(1);
  });

  it('finds no violation in the repository', () => {
    expect(checkRepository()).toEqual([]);
  });
});
