import { config } from 'zod/v4/core';

// zod compiles fast object parsers with `new Function` after probing whether eval is allowed; the
// server's CSP forbids eval, so the probe itself is reported as a violation. Schemas read this
// setting when they are created, so it is set here, at start-up, before any form loads a schema.
config({ jitless: true });
