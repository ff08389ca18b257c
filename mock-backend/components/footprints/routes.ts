import type { Db } from '../../lib/db';
import { requireViewer } from '../../lib/context';
import type { Operations } from '../../lib/operations';
import * as service from './service';

export type FootprintOperations = 'listFootprints' | 'getFootprintSettings' | 'setFootprintSettings';

export function footprintOperations(db: Db): Operations<FootprintOperations> {
  return {
    listFootprints: {
      handle: async ({ res, query }) =>
        service.listFootprints(db, requireViewer(res).userId, { limit: query.limit ?? 24, cursor: query.cursor }),
    },
    getFootprintSettings: { handle: async ({ res }) => service.getSettings(db, requireViewer(res).userId) },
    setFootprintSettings: { handle: async ({ res, body }) => service.setSettings(db, requireViewer(res).userId, body.enabled) },
  };
}
