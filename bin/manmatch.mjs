#!/usr/bin/env node
// The operator's command (package.json "bin"): `npx manmatch --help`. It registers tsx's loader in this process and
// runs scripts/manmatch.ts, which lists the operator's tools and runs each one's script.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/manmatch.ts');
