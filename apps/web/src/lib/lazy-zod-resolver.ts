import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's zod validation, loaded on the form's first validation instead of with the form. The
 * sign-in and sign-up forms are on the home page, where building their schemas (and zod's) on a
 * slow phone is one more long task before the page answers a tap. Should that code fail to load,
 * the form goes out as typed and the server's answer names any field to correct.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Values, Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Values>,
    );
    let resolver: Resolver<Values>;
    try {
      resolver = await loading;
    } catch {
      loading = undefined; // asked again at the next validation
      return { values, errors: {} };
    }
    return resolver(values, context, options);
  };
}
