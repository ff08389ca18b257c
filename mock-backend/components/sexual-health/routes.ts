import type { Db } from '../../lib/db';
import { requireViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import * as service from './service';

export type SexualHealthOperations = 'getSexualHealth' | 'putSexualHealth' | 'deleteSexualHealth';

/**
 * The member's own sexual health details (special category data). Nothing here logs a value: the access log has the
 * path and status only, and these handlers write no line of their own.
 */
export function sexualHealthOperations(db: Db): Operations<SexualHealthOperations> {
  return {
    getSexualHealth: { handle: async ({ res }) => service.getOwn(db, requireViewer(res).userId) },
    putSexualHealth: { handle: async ({ res, body }) => service.putOwn(db, requireViewer(res).userId, body) },
    deleteSexualHealth: { handle: async ({ res }) => service.withdraw(db, requireViewer(res).userId) },
  };
}
