import { Router } from 'express';
import { getSite, getViewer, requireViewer } from '../../lib/context';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency';
import { rateLimit } from '../../lib/rate-limit';
import * as appeals from './appeals';
import { listAppealQueue } from './appeal-queue';
import { exportRoutes } from './export-routes';
import * as service from './service';
import * as statements from './statements';

export interface SafetyRouteOptions {
  /** Reports per member per hour before 429 (default 20). */
  reportsPerHour?: number;
  /** Notices per client address per hour before 429 (default 5). */
  noticesPerHour?: number;
}

/** Reports, notices, the moderators' queue and decisions, statements of reasons and appeals (trust and safety). */
export function safetyRoutes(deps: service.SafetyDeps, opts: SafetyRouteOptions = {}): Router {
  const { db } = deps;
  const router = Router();
  const reportLimit = rateLimit(db, { name: 'reports', points: opts.reportsPerHour ?? 20, windowSeconds: 3600, per: 'member' });
  const noticeLimit = rateLimit(db, { name: 'notices', points: opts.noticesPerHour ?? 5, windowSeconds: 3600 });
  const appealLimit = rateLimit(db, { name: 'appeals', points: 10, windowSeconds: 3600, per: 'member' });
  const decisionLimit = rateLimit(db, { name: 'safety-decisions', points: 120, windowSeconds: 60, per: 'member' });

  router.post('/report.php', reportLimit, async (req, res) => {
    const viewer = requireViewer(res);
    const input = req.body as service.ReportRequest;
    const file = () => service.fileReport(deps, { site: getSite(res), viewer }, input);
    if (idempotencyKeyOf(req) === null) {
      // A repeat while the report is open answers 200 with its receipt.
      const { created, receipt } = await file();
      res.status(created ? 201 : 200).json(receipt);
    } else {
      // With a key, a retry replays the first answer.
      await respondIdempotently(db, req, res, 201, async () => (await file()).receipt);
    }
    req.log.info({ reporter: viewer.userId, target: input.target.kind }, 'report filed');
  });

  router.get('/report.php', async (_req, res) => {
    res.json(await service.listMyReports(db, requireViewer(res)));
  });

  router.post('/notice.php', noticeLimit, async (req, res) => {
    const viewer = getViewer(res);
    await respondIdempotently(db, req, res, 202, () =>
      service.submitNotice(
        deps,
        { site: getSite(res), language: viewer?.language ?? localeFromAcceptLanguage(req.get('accept-language')) },
        req.body as service.NoticeRequest,
      ),
    );
  });

  // Moderators' decisions honour Idempotency-Key: a retry of one attempt replays its answer and decides nothing again.
  router.put('/notice.php', decisionLimit, async (req, res) => {
    const viewer = getViewer(res);
    const body = req.body as service.NoticeDecisionRequest;
    await respondIdempotently(db, req, res, 200, async () => {
      await service.decideNotice(deps, viewer, getSite(res), body);
      return { success: true };
    });
    req.log.info({ moderator: viewer?.userId, notice: body.notice, action: body.action }, 'notice decided');
  });

  router.get('/report-queue.php', async (req, res) => {
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    res.json(await service.listQueue(db, getViewer(res), getSite(res).id, limit));
  });

  router.post('/report-decision.php', decisionLimit, async (req, res) => {
    const viewer = getViewer(res);
    const body = req.body as service.ReportDecisionRequest;
    await respondIdempotently(db, req, res, 201, async () => {
      const result = await service.decide(deps, viewer, getSite(res), body);
      req.log.info({ moderator: viewer?.userId, member: body.member, action: body.action, decision: result.decision }, 'safety decision');
      return result;
    });
  });

  router.get('/statements.php', async (_req, res) => {
    res.json(await statements.listStatements(db, getViewer(res)));
  });

  router.get('/statement.php', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    res.json(await statements.getStatement(db, getViewer(res), getSite(res).id, Number(req.query.id), token));
  });

  router.post('/appeal.php', appealLimit, async (req, res) => {
    const viewer = getViewer(res);
    await respondIdempotently(db, req, res, 201, () =>
      appeals.fileAppeal(
        deps,
        { site: getSite(res), viewer, language: viewer?.language ?? localeFromAcceptLanguage(req.get('accept-language')) },
        req.body as appeals.AppealRequest,
      ),
    );
  });

  router.put('/appeal.php', decisionLimit, async (req, res) => {
    const viewer = getViewer(res);
    const body = req.body as appeals.AppealDecisionRequest;
    await respondIdempotently(db, req, res, 200, async () => {
      await appeals.decideAppeal(deps, viewer, getSite(res), body);
      return { success: true };
    });
    req.log.info({ moderator: viewer?.userId, appeal: body.appeal, outcome: body.outcome }, 'appeal decided');
  });

  router.get('/appeal-queue.php', async (_req, res) => {
    res.json(await listAppealQueue(db, getViewer(res), getSite(res).id));
  });

  router.use(exportRoutes(deps));

  return router;
}
