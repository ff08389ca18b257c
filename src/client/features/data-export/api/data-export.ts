import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import type { StatementHolder } from '../../../lib/statement-holder';
import { swrKey } from '../../../lib/swr-key';

export type DataExportState = Schemas['DataExportState'];

/** The cache key of the export's state: the member's own, or a suspended member's by his statement's token. */
export const dataExportKey = (holder?: StatementHolder) => swrKey('/data-export.php', holder);

/** GET /data-export.php: the member's latest archive of his data and when he may ask again. */
export function getDataExport(api: ApiClient, holder?: StatementHolder): Promise<DataExportState> {
  return unwrap(api.GET('/data-export.php', { params: { query: holder ?? {} } }));
}

/** POST /data-export.php: asks for a new archive (once a day); the key makes a repeated click one request. */
export function requestDataExport(api: ApiClient, idempotencyKey: string, holder?: StatementHolder): Promise<DataExportState> {
  return unwrap(api.POST('/data-export.php', { body: holder ?? {}, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
