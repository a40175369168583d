import { PASSWORD_MIN_LENGTH } from '@app/contracts/constants.ts';

/** The password rule, as a field's hint. Apart from the password schema, which the sign-up form loads on first use. */
export const PASSWORD_LENGTH_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;
