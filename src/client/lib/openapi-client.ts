/** openapi-fetch as a chunk of its own, loaded by lib/browser-api-client.ts (the module the server preloads for members). */
export { default as createClient } from 'openapi-fetch';
