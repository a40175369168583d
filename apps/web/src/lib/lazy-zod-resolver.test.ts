import { LoginBodySchema } from '@app/contracts/auth.ts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

type Login = { email: string; password: string };
const options: ResolverOptions<Login> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyZodResolver', () => {
  it('loads the schema on the first validation only, and validates with it', async () => {
    const load = vi.fn(async () => LoginBodySchema);
    const resolver = lazyZodResolver<Login>(load);
    expect(load).not.toHaveBeenCalled();

    const bad = await resolver({ email: 'not an email', password: '' }, undefined, options);
    expect(Object.keys(bad.errors).sort()).toEqual(['email', 'password']);
    const good = await resolver(
      { email: 'ada@example.com', password: 'a long passphrase' },
      undefined,
      options,
    );
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'ada@example.com', password: 'a long passphrase' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through when the schema cannot load, and asks again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof LoginBodySchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(LoginBodySchema);
    const resolver = lazyZodResolver<Login>(load);
    const values = { email: 'not an email', password: '' };

    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
    const retried = await resolver(values, undefined, options);
    expect(Object.keys(retried.errors)).toContain('email');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
