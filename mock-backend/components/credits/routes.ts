import type { Db } from '../../lib/db';
import { getSite, requireViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import * as service from './service';

export type CreditOperations = 'getDiscountCode';

export function creditsOperations(db: Db): Operations<CreditOperations> {
  return {
    getDiscountCode: {
      handle: async ({ res, query }) => {
        const viewer = requireViewer(res);
        return service.getDiscountCode(db, { siteId: getSite(res).id, userId: viewer.userId, welcome: query.welcome, code: query.code });
      },
    },
  };
}
