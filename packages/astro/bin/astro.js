#!/usr/bin/env node
// The package ships TypeScript source: register tsx, then run the command-line front end.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
