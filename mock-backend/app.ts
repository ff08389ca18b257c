import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { accountsOperations, type AccountRouteOptions } from './components/accounts/routes';
import { albumMediaGuard } from './components/albums/index';
import { albumOperations } from './components/albums/routes';
import { chatMediaGuard } from './components/chat/index';
import { chatOperations } from './components/chat/routes';
import { complaintsOperations } from './components/complaints/routes';
import { creditsOperations } from './components/credits/routes';
import { createLegacyMembers, type LegacyClient } from './components/legacy/index';
import { learnMembersOnSight } from './components/legacy/middleware';
import type { AssertionVerifier } from '../src/shared/member-assertion';
import { likesOperations } from './components/likes/routes';
import { profilePhotoGuard } from './components/media/index';
import { mediaRoutes } from './components/media/routes';
import { membersOperations } from './components/members/routes';
import { footprintOperations } from './components/footprints/routes';
import { recordVisit } from './components/footprints/index';
import { moderationOperations } from './components/moderation/routes';
import { unavailableProvider, type PaymentProvider, WEBHOOK_PATH } from './components/payments/index';
import { paymentOperations, webhookRoute } from './components/payments/routes';
import { MAX_UPLOAD_BYTES, lazySigner, imageSigning } from './components/photos/index';
import { photoOperations } from './components/photos/routes';
import { privacyOperations } from './components/privacy/routes';
import type { Notifier } from './components/push/index';
import { pushOperations } from './components/push/routes';
import { lazyDeviceCookies } from './components/session/index';
import { siteAndSessionMiddleware } from './components/session/middleware';
import { sessionOperations } from './components/session/routes';
import { sexualHealthOperations } from './components/sexual-health/routes';
import { siteDataOperations } from './components/site-data/routes';
import { socialOperations } from './components/social/routes';
import { suspendedMemberByToken } from './components/safety/index';
import { safetyOperations } from './components/safety/routes';
import { verificationMediaGuard } from './components/verification/index';
import { verificationOperations } from './components/verification/routes';
import { createLocalBus, type Bus } from './lib/bus';
import { contractResponses } from './lib/contract-responses';
import { clientMiddleware } from './lib/client';
import type { Db } from './lib/db';
import { createErrorHandler, notFoundHandler } from './lib/errors';
import type { ErrorReports } from '../src/shared/error-reports';
import type { MediaStore } from './lib/media-store';
import { NO_GEOIP, type GeoIp } from './lib/geoip';
import { rejectNulCharacters } from './lib/input';
import { traceRequests } from '../src/shared/trace-hooks';
import { httpLogger } from './lib/logger';
import { memberCacheControl } from './lib/cache-policy';
import type { BackendOps } from './lib/ops';
import type { Outbox } from './lib/outbox';
import { rateLimit } from './lib/rate-limit';
import { operationHandlers, operationOf, operationValidator } from './lib/operation-router';
import type { Operations } from './lib/operations';
import { isEmbeddedOperation, type EmbeddedOperation } from '../src/shared/embedded-operations';
import { createSmsSender, type SmsSender } from './lib/sms';
import { autoLike } from './use-cases/auto-like';

export interface AppDeps {
  db: Db;
  logger: Logger;
  /** Photos and photo messages (lib/media-store.ts: DATA_DIR/media or an S3 bucket), served under /media/. */
  media: MediaStore;
  /** DATA_DIR: SMS files go to its sms/ folder unless `sms` is given. */
  dataDir: string;
  /** Validate answers against openapi.yaml too (tests); a mismatch becomes a 500. */
  validateResponses?: boolean;
  /** Login requests per IP per minute before 429 too_many_requests (default 60). */
  loginRequestsPerMinute?: number;
  /** The mail outbox's trigger (mails are rows written by the services) and the origin for links in mails (PUBLIC_URL). */
  outbox: Pick<Outbox, 'kick'>;
  publicUrl: string;
  /** The secret shared with the BFF: only requests carrying it may name the client's address (lib/client.ts). */
  backendSecret?: string | undefined;
  /** Per-IP limits of the account calls (tests raise them). */
  accountLimits?: AccountRouteOptions;
  /** Country of the visitor's IP for settings.geoip_country (default: none known). */
  geoip?: GeoIp;
  /** The chat's event bus (lib/bus.ts: LISTEN/NOTIFY on PostgreSQL); default in-process. */
  bus?: Bus;
  /** How often chat streams read the tables without a notification (default STREAM_CATCH_UP_MS; tests shorten it). */
  chatCatchUpMs?: number;
  /** How long a quiet chat stream waits for its comment line (default STREAM_HEARTBEAT_MS; tests shorten it). */
  chatHeartbeatMs?: number;
  /** The payment provider and the URL at which it reaches this backend's webhook receiver (default: PUBLIC_URL). */
  payments?: { provider: PaymentProvider; webhookUrl: () => string };
  /** Outgoing SMS (direct-debit codes); default: files in DATA_DIR/sms. */
  sms?: SmsSender;
  /** Tells the push-notify job that chat or likes recorded a notification (background.notifier); default: its schedule finds it. */
  notifier?: Notifier;
  /** Tells the data-export job that a member asked for his data (background.dataExports); default: its schedule finds it. */
  dataExports?: { kick(): void };
  /** Probes (/healthz, /readyz) and metrics (/_ops/metrics), lib/ops.ts; main.ts creates them. */
  ops?: BackendOps;
  /**
   * The PHP service the site moves off (LEGACY_API_URL) and its session cookie: a member without a password here logs
   * in once through it, and with `verifier` (the identity bridge's public keys) members it vouches for through the
   * BFF's identity bridge are learnt from it (components/legacy).
   */
  legacy?: { client: LegacyClient; cookieName: string; verifier?: AssertionVerifier | undefined };
  /** Where unexpected errors (500 answers) are reported (SENTRY_DSN, src/shared/error-reports.ts); default: nowhere. */
  errorReports?: ErrorReports;
}

export function createApp(deps: AppDeps): Express {
  const { db } = deps;
  const app = express();
  // X-Forwarded-For is never believed: the client's address comes from the BFF with the shared secret.
  app.set('trust proxy', false);
  app.disable('x-powered-by');
  if (deps.ops) {
    app.use(deps.ops.measure);
    // Before the access log: a load balancer probing every second would fill it.
    app.use(deps.ops.routes);
  }
  // Each request's span when tracing is on (src/shared/trace-hooks.ts), continuing the BFF's trace (`traceparent`);
  // none for photos (/media), which a page brings by the dozen.
  app.use(traceRequests('backend', (url) => url.startsWith('/media/')));
  app.use(helmet());
  app.use(httpLogger(deps.logger));
  app.use(clientMiddleware(deps.backendSecret));

  // Photo URLs are signed with a key kept in the database: /media serves signed paths only.
  const getSigner = lazySigner(db);
  const signing = imageSigning(getSigner);
  const legacy = deps.legacy ? createLegacyMembers({ db, client: deps.legacy.client, logger: deps.logger }) : undefined;
  const bridge =
    legacy && deps.legacy?.verifier ? { verifier: deps.legacy.verifier, cookieName: deps.legacy.cookieName, legacy } : undefined;
  const siteAndSession = siteAndSessionMiddleware(db, bridge);
  app.use(
    mediaRoutes(deps.media, getSigner, [
      profilePhotoGuard(db, siteAndSession),
      albumMediaGuard(db, siteAndSession),
      chatMediaGuard(db, siteAndSession),
      verificationMediaGuard(db, siteAndSession),
    ]),
  );

  // One event bus for every component that tells a member's open pages about a change (lib/live-events.ts).
  const bus = deps.bus ?? createLocalBus();
  // The payment provider's webhooks: server to server, verified over the raw body (components/payments).
  const payments = {
    db,
    bus,
    logger: deps.logger,
    provider: deps.payments?.provider ?? unavailableProvider(),
    webhookUrl: deps.payments?.webhookUrl ?? (() => `${deps.publicUrl}${WEBHOOK_PATH}`),
  };
  app.use(webhookRoute(payments));

  // A member's answers are his alone (private, no-store; GET user.php private, no-cache): set before anything can
  // answer, so refusals carry it too (lib/cache-policy.ts).
  app.use('/api', memberCacheControl());
  app.use('/api', express.json({ limit: '64kb' }), express.text({ type: 'text/plain', limit: '16kb' }), cookieParser());
  // NUL in any string of the query or body: 400 here, before it can reach PostgreSQL (which refuses it) as a 500.
  app.use('/api', rejectNulCharacters());
  // The request's operation found in one map read and checked by its own validator, compiled at start from
  // openapi.yaml (lib/operation-router.ts); its handler runs at the end of the api router below.
  app.use(operationValidator({ maxUploadBytes: MAX_UPLOAD_BYTES }));
  if (deps.validateResponses) app.use(contractResponses());

  const api = Router();
  // Logins per IP per minute, counted before anything else reads the database for the request.
  const loginLimit = rateLimit(db, { name: 'login', points: deps.loginRequestsPerMinute ?? 60, windowSeconds: 60 });
  api.use((req, res, next) => (operationOf(req) === 'postUser' ? loginLimit(req, res, next) : next()));
  api.use(siteAndSession, signing.ready, signing.signAnswers);
  if (legacy) api.use(learnMembersOnSight(legacy));
  const notifier = deps.notifier ?? { kick: () => {} };
  const sms = deps.sms ?? createSmsSender({ smsDir: path.join(deps.dataDir, 'sms'), logger: deps.logger });
  // A suspended member refunds his unused credits with a statement's token (he has no session).
  const suspendedMember = (site: number, statement: number, token: string) => suspendedMemberByToken(db, site, statement, token);
  const mail = { db, outbox: deps.outbox, logger: deps.logger, publicUrl: deps.publicUrl };
  // Every operation's handler, keyed by its operationId and typed from the contract (lib/operations.ts): the map must
  // hold exactly the operations EMBEDDED_OPERATIONS lists (src/shared/embedded-operations.ts), the typecheck and
  // embeddedHandlers see to both directions.
  const handlers: Operations<EmbeddedOperation> = embeddedHandlers({
    ...sessionOperations(db, lazyDeviceCookies(db), legacy),
    ...siteDataOperations(db, deps.geoip ?? NO_GEOIP),
    ...accountsOperations(mail, deps.accountLimits),
    ...membersOperations(db, (visit) => recordVisit(db, deps.logger, visit)),
    ...footprintOperations(db),
    ...photoOperations(db, deps.media),
    ...albumOperations(db),
    ...privacyOperations({ db, media: deps.media, logger: deps.logger }),
    ...socialOperations({ db, media: deps.media, logger: deps.logger, bus }, { autoLike }),
    ...likesOperations(db, { notifier, bus }),
    ...chatOperations({
      db,
      bus,
      logger: deps.logger,
      notifier,
      media: deps.media,
      getSigner,
      catchUpMs: deps.chatCatchUpMs,
      heartbeatMs: deps.chatHeartbeatMs,
    }),
    ...creditsOperations(db),
    ...paymentOperations({ ...payments, publicUrl: deps.publicUrl, sms, suspendedMember }),
    ...pushOperations(db),
    ...complaintsOperations({ db, outbox: deps.outbox, logger: deps.logger }),
    ...moderationOperations(db, deps.media, bus),
    ...safetyOperations({ ...mail, media: deps.media, dataExports: deps.dataExports, bus }),
    ...verificationOperations({ ...mail, bus, media: deps.media }),
    ...sexualHealthOperations(db),
  });
  api.use(operationHandlers(handlers));
  app.use('/api', api);

  app.use(notFoundHandler);
  app.use(createErrorHandler(deps.errorReports));
  return app;
}

/** The handler map, refused at start when it holds an operation EMBEDDED_OPERATIONS does not list (a spread's extra key). */
function embeddedHandlers<T extends Operations<EmbeddedOperation>>(handlers: T): T {
  const unlisted = Object.keys(handlers).filter((id) => !isEmbeddedOperation(id));
  if (unlisted.length > 0) throw new Error(`handlers for operations EMBEDDED_OPERATIONS does not list: ${unlisted.join(', ')}`);
  return handlers;
}
