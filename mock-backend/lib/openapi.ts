import { fileURLToPath } from 'node:url';

/** The contract this backend implements; express-openapi-validator reads it (including its `x-eov-*` hints). */
export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
