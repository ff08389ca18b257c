/**
 * The member-transfer component's face (the bulk import of members and their history from the PHP service, and the
 * export of what members did here for the way back): scripts/migrate-import.ts and scripts/migrate-export.ts use it.
 */
export { runExport } from './export';
export { KINDS } from './format';
export { runImport, TransferFormatError } from './import';
export type { ImportProgress, ImportResult } from './import';
