import { getSite, getViewer, requireViewer } from '../../lib/context';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import * as appeals from './appeals';
import { listAppealQueue } from './appeal-queue';
import { exportOperations, type ExportOperations } from './export-routes';
import * as service from './service';
import * as statements from './statements';

export interface SafetyRouteOptions {
  /** Reports per member per hour before 429 (default 20). */
  reportsPerHour?: number;
  /** Notices per client address per hour before 429 (default 5). */
  noticesPerHour?: number;
}

export type SafetyOperations =
  | 'reportContent'
  | 'listMyReports'
  | 'submitNotice'
  | 'decideNotice'
  | 'listReportQueue'
  | 'decideReports'
  | 'listStatements'
  | 'getStatement'
  | 'fileAppeal'
  | 'decideAppeal'
  | 'listAppealQueue'
  | ExportOperations;

/** Reports, notices, the moderators' queue and decisions, statements of reasons and appeals (trust and safety). */
export function safetyOperations(deps: service.SafetyDeps, opts: SafetyRouteOptions = {}): Operations<SafetyOperations> {
  const { db } = deps;
  const reportLimit = rateLimit(db, { name: 'reports', points: opts.reportsPerHour ?? 20, windowSeconds: 3600, per: 'member' });
  const noticeLimit = rateLimit(db, { name: 'notices', points: opts.noticesPerHour ?? 5, windowSeconds: 3600 });
  const appealLimit = rateLimit(db, { name: 'appeals', points: 10, windowSeconds: 3600, per: 'member' });
  const decisionLimit = rateLimit(db, { name: 'safety-decisions', points: 120, windowSeconds: 60, per: 'member' });

  return {
    reportContent: {
      use: [reportLimit],
      handle: async ({ req, res, body }) => {
        const viewer = requireViewer(res);
        const file = () => service.fileReport(deps, { site: getSite(res), viewer }, body);
        const filed = () => req.log.info({ reporter: viewer.userId, target: body.target.kind }, 'report filed');
        if (idempotencyKeyOf(req) === null) {
          // A repeat while the report is open answers 200 with its receipt.
          const { created, receipt } = await file();
          res.status(created ? 201 : 200);
          filed();
          return receipt;
        }
        // With a key, a retry replays the first answer.
        await respondIdempotently(db, req, res, 201, async () => (await file()).receipt);
        filed();
        return ANSWERED;
      },
    },

    listMyReports: { handle: async ({ res }) => service.listMyReports(db, requireViewer(res)) },

    submitNotice: {
      use: [noticeLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = getViewer(res);
        await respondIdempotently(db, req, res, 202, () =>
          service.submitNotice(
            deps,
            { site: getSite(res), language: viewer?.language ?? localeFromAcceptLanguage(req.get('accept-language')) },
            body,
          ),
        );
        return ANSWERED;
      },
    },

    // Moderators' decisions honour Idempotency-Key: a retry of one attempt replays its answer and decides nothing again.
    decideNotice: {
      use: [decisionLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = getViewer(res);
        await respondIdempotently(db, req, res, 200, async () => {
          await service.decideNotice(deps, viewer, getSite(res), body);
          return { success: true };
        });
        req.log.info({ moderator: viewer?.userId, notice: body.notice, action: body.action }, 'notice decided');
        return ANSWERED;
      },
    },

    listReportQueue: {
      handle: async ({ res, query }) => service.listQueue(db, getViewer(res), getSite(res).id, query.limit ?? 20),
    },

    decideReports: {
      use: [decisionLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = getViewer(res);
        await respondIdempotently(db, req, res, 201, async () => {
          const result = await service.decide(deps, viewer, getSite(res), body);
          req.log.info(
            { moderator: viewer?.userId, member: body.member, action: body.action, decision: result.decision },
            'safety decision',
          );
          return result;
        });
        return ANSWERED;
      },
    },

    listStatements: { handle: async ({ res }) => statements.listStatements(db, getViewer(res)) },

    getStatement: {
      handle: async ({ res, query }) => statements.getStatement(db, getViewer(res), getSite(res).id, query.id, query.token),
    },

    fileAppeal: {
      use: [appealLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = getViewer(res);
        await respondIdempotently(db, req, res, 201, () =>
          appeals.fileAppeal(
            deps,
            { site: getSite(res), viewer, language: viewer?.language ?? localeFromAcceptLanguage(req.get('accept-language')) },
            body,
          ),
        );
        return ANSWERED;
      },
    },

    decideAppeal: {
      use: [decisionLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = getViewer(res);
        await respondIdempotently(db, req, res, 200, async () => {
          await appeals.decideAppeal(deps, viewer, getSite(res), body);
          return { success: true };
        });
        req.log.info({ moderator: viewer?.userId, appeal: body.appeal, outcome: body.outcome }, 'appeal decided');
        return ANSWERED;
      },
    },

    listAppealQueue: { handle: async ({ res }) => listAppealQueue(db, getViewer(res), getSite(res).id) },

    ...exportOperations(deps),
  };
}
