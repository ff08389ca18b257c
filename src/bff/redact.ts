// The BFF's page code imports the query filter from here; the rule itself lives in src/shared/redact.ts.
export { withoutSecretParams } from '../shared/redact';
