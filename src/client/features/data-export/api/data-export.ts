import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

export type DataExportState = Schemas['DataExportState'];

export const dataExportKey = () => 'data-export.php';

/** GET /data-export.php: the member's latest archive of his data and when he may ask again. */
export function getDataExport(api: ApiClient): Promise<DataExportState> {
  return unwrap(api.GET('/data-export.php'));
}

/** POST /data-export.php: asks for a new archive (once a day); the key makes a repeated click one request. */
export function requestDataExport(api: ApiClient, idempotencyKey: string): Promise<DataExportState> {
  return unwrap(api.POST('/data-export.php', { body: {}, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
