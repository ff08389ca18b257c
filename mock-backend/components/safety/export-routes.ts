import { Router } from 'express';
import { getSite, getViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import { rateLimit } from '../../lib/rate-limit';
import type { SafetyDeps } from './common';
import { exportState, openExport, requestExport } from './data-export';
import { counts, exportStatements } from './transparency';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : undefined);

/** "Download my data" (members; suspended ones with their refused login's token or the mailed download token) and the transparency report (moderators). */
export function exportRoutes(deps: SafetyDeps): Router {
  const { db } = deps;
  const router = Router();
  // Beyond the once-a-day rule: a bound on attempts (a token guessed, a button hammered).
  const exportLimit = rateLimit(db, { name: 'data-export', points: 20, windowSeconds: 3600, per: 'member' });

  router.get('/data-export.php', exportLimit, async (req, res) => {
    const asker = { viewer: getViewer(res), statement: int(req.query.statement), token: text(req.query.token) };
    res.json(await exportState(db, getSite(res), asker));
  });

  router.post('/data-export.php', exportLimit, async (req, res) => {
    const body = (req.body ?? {}) as { statement?: number; token?: string };
    const asker = { viewer: getViewer(res), statement: body.statement, token: body.token };
    await respondIdempotently(db, req, res, 202, () => requestExport(deps, getSite(res), asker));
    req.log.info({ member: asker.viewer?.userId, statement: asker.statement }, 'data export requested');
  });

  router.get('/data-export-file.php', exportLimit, async (req, res) => {
    const site = getSite(res);
    const asker = { viewer: getViewer(res), statement: int(req.query.statement), token: text(req.query.token), key: String(req.query.key) };
    const stored = await openExport(db, deps.media, site, asker);
    const date = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(stored.size));
    res.setHeader('Content-Disposition', `attachment; filename="${site.host.replace(/[^a-z0-9.-]/gi, '')}-data-${date}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    stored.body.pipe(res);
  });

  router.get('/transparency-statements.php', async (req, res) => {
    const q = { from: text(req.query.from), to: text(req.query.to) };
    const result = await exportStatements(db, getViewer(res), getSite(res), q);
    if (req.query.download === 'true' || (req.query.download as unknown) === true) {
      res.setHeader('Content-Disposition', `attachment; filename="statements-of-reasons-${result.from}-${result.to}.json"`);
    }
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(result);
  });

  router.get('/transparency-counts.php', async (req, res) => {
    const q = { from: text(req.query.from), to: text(req.query.to) };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await counts(db, getViewer(res), getSite(res), q));
  });

  return router;
}
