import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The import-graph rules of `npm run lint` (.dependency-cruiser.cjs), run on a small tree laid
// out like the repository: each rule must catch what it names and let the allowed imports pass.

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string[] {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return Object.keys(files);
}

async function broken(files: Record<string, string>): Promise<string[]> {
  const list = tree(files);
  const result = await cruise(list, {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const output = result.output as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the import-graph rules', () => {
  it("forbids a module reaching into another's internals, and allows its plugin", async () => {
    expect(
      await broken({
        'apps/server/src/modules/chat/service.ts':
          "import { x } from '../birth-data/service.ts';\nimport { y } from '../birth-data/plugin.ts';\nexport const z = x + y;\n",
        'apps/server/src/modules/birth-data/service.ts': 'export const x = 1;\n',
        'apps/server/src/modules/birth-data/plugin.ts': 'export const y = 2;\n',
      }),
    ).toEqual([
      'module-through-its-plugin: apps/server/src/modules/chat/service.ts → apps/server/src/modules/birth-data/service.ts',
    ]);
  });

  it("forbids the admin area the table types, even type-only, and allows other modules' plugins", async () => {
    const found = await broken({
      'apps/server/src/modules/admin/reports.ts':
        "import type { Tables } from '../../platform/db/schema.ts';\nimport type { ChatTables } from '../chat/tables.ts';\nimport type { Port } from '../chat/plugin.ts';\nexport type R = [Tables, ChatTables, Port];\n",
      'apps/server/src/platform/db/schema.ts': 'export interface Tables {}\n',
      'apps/server/src/modules/chat/tables.ts': 'export interface ChatTables {}\n',
      'apps/server/src/modules/chat/plugin.ts': 'export interface Port {}\n',
    });
    expect(found.sort()).toEqual([
      'admin-reads-through-ports: apps/server/src/modules/admin/reports.ts → apps/server/src/modules/chat/tables.ts',
      'admin-reads-through-ports: apps/server/src/modules/admin/reports.ts → apps/server/src/platform/db/schema.ts',
      'module-through-its-plugin: apps/server/src/modules/admin/reports.ts → apps/server/src/modules/chat/tables.ts',
    ]);
  });

  it('forbids runtime cycles, the platform running module code, test helpers in shipped code, and features importing features', async () => {
    const found = await broken({
      'apps/server/src/platform/a.ts':
        "import { b } from './b.ts';\nimport { m } from '../modules/auth/thing.ts';\nexport const a = b + m;\n",
      'apps/server/src/platform/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'apps/server/src/modules/auth/thing.ts':
        "import { helper } from '../../testing/helper.ts';\nexport const m = helper;\n",
      'apps/server/src/testing/helper.ts': 'export const helper = 1;\n',
      'apps/web/src/features/chat/page.tsx':
        "import { C } from '../birth-data/card.tsx';\nexport const P = C;\n",
      'apps/web/src/features/birth-data/card.tsx': 'export const C = 1;\n',
    });
    expect(found.map((v) => v.split(':')[0]).sort()).toEqual(
      ['feature-not-to-feature', 'no-cycles', 'no-testing-in-production', 'platform-not-to-modules'].sort(),
    );
  });
});
