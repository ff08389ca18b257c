import { getSite, getViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import type { SafetyDeps } from './common';
import { exportState, openExport, requestExport } from './data-export';
import { counts, exportStatements } from './transparency';

export type ExportOperations =
  'getDataExport' | 'requestDataExport' | 'downloadDataExport' | 'exportTransparencyStatements' | 'getTransparencyCounts';

/** "Download my data" (members; suspended ones with their refused login's token or the mailed download token) and the transparency report (moderators). */
export function exportOperations(deps: SafetyDeps): Operations<ExportOperations> {
  const { db } = deps;
  // Beyond the once-a-day rule: a bound on attempts (a token guessed, a button hammered).
  const exportLimit = rateLimit(db, { name: 'data-export', points: 20, windowSeconds: 3600, per: 'member' });

  return {
    getDataExport: {
      use: [exportLimit],
      handle: async ({ res, query }) => {
        const asker = { viewer: getViewer(res), statement: query.statement, token: query.token };
        return exportState(db, getSite(res), asker);
      },
    },
    requestDataExport: {
      use: [exportLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const asker = { viewer: getViewer(res), statement: body?.statement, token: body?.token };
        await respondIdempotently(db, req, res, 202, () => requestExport(deps, getSite(res), asker));
        req.log.info({ member: asker.viewer?.userId, statement: asker.statement }, 'data export requested');
        return ANSWERED;
      },
    },
    downloadDataExport: {
      use: [exportLimit],
      handle: async ({ res, query }): Promise<Answered> => {
        const site = getSite(res);
        const asker = { viewer: getViewer(res), statement: query.statement, token: query.token, key: query.key };
        const stored = await openExport(db, deps.media, site, asker);
        const date = new Date().toISOString().slice(0, 10);
        res.setHeader('Content-Type', 'application/zip');
        res.setHeader('Content-Length', String(stored.size));
        res.setHeader('Content-Disposition', `attachment; filename="${site.host.replace(/[^a-z0-9.-]/gi, '')}-data-${date}.zip"`);
        res.setHeader('Cache-Control', 'private, no-store');
        stored.body.pipe(res);
        return ANSWERED;
      },
    },
    exportTransparencyStatements: {
      handle: async ({ res, query }) => {
        const result = await exportStatements(db, getViewer(res), getSite(res), { from: query.from, to: query.to });
        if (query.download) {
          res.setHeader('Content-Disposition', `attachment; filename="statements-of-reasons-${result.from}-${result.to}.json"`);
        }
        res.setHeader('Cache-Control', 'private, no-store');
        return result;
      },
    },
    getTransparencyCounts: {
      handle: async ({ res, query }) => {
        res.setHeader('Cache-Control', 'private, no-store');
        return counts(db, getViewer(res), getSite(res), { from: query.from, to: query.to });
      },
    },
  };
}
