import express, { type NextFunction, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from './errors';
import { ANSWERED, type Operation, type OperationId, type OperationRequest, type UploadedFile } from './operations';
import { compileContract, problemsOf, type CompiledContract, type CompiledOperation, type RequestProblem } from './request-validation';

/** The contract, compiled once per process: it does not change while the process runs (every app of a test worker shares it). */
let compiled: CompiledContract | undefined;
export function contract(): CompiledContract {
  compiled ??= compileContract();
  return compiled;
}

/** What the validator found and checked for a request: its operation, its query as coerced, its uploaded files. */
interface Validated {
  operation: CompiledOperation;
  query: Record<string, unknown>;
  files: UploadedFile[];
  /** Its handler took it (its middleware ran first): what a matched route of Express was for the metrics. */
  handled: boolean;
}

const validated = new WeakMap<Request, Validated>();

const badRequest = (errors: RequestProblem[]): AppError => new AppError(400, 'bad_request', { params: { errors } });

export interface OperationValidatorOptions {
  /** The largest file of a multipart form, in bytes (larger: 413). */
  maxUploadBytes: number;
}

/**
 * Finds a request's operation in one map read (`METHOD /api/path`; the contract's paths have no parameters) and
 * checks it against the operation's validators compiled at start: an unknown path is 404, a known path with another
 * method 405 with `Allow`, a query parameter the operation does not name, a wrong header or body 400 with the
 * problems listed, a body of a media type it does not take 415, a form's file over the limit 413. The query is
 * coerced to the contract's types (and its defaults filled) for the handler. Paths outside `/api/` pass untouched.
 */
export function operationValidator(opts: OperationValidatorOptions): RequestHandler {
  const { operations, methodsByPath } = contract();
  // One file; sendPhotoMessage adds two small fields (profile_id, text).
  const forms = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: opts.maxUploadBytes, files: 1, fields: 2, parts: 3, fieldSize: 64 * 1024 },
  }).any();
  const urlencoded = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });

  return (req, res, next) => {
    // Express routes without regard to letter case; the contract's paths are lower case.
    const path = req.path.toLowerCase();
    if (!path.startsWith('/api/')) return next();
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const operation = operations.get(`${method} ${path}`);
    if (!operation) {
      const allowed = methodsByPath.get(path);
      return next(
        allowed ? new AppError(405, 'method_not_allowed', { headers: { Allow: allowed.join(', ') } }) : new AppError(404, 'not_found'),
      );
    }
    // A body of a media type the operation does not take is refused first (415), before its query and headers.
    const rule = operation.body;
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const check = rule && type !== '' ? rule.media.get(type) : undefined;
    if (rule && (type === '' ? rule.required : !check)) return next(new AppError(415, 'unsupported_media_type'));
    const query: Record<string, unknown> = { ...req.query };
    if (!operation.query(query)) return next(badRequest(problemsOf('query', operation.query.errors)));
    if (operation.headers && !operation.headers({ ...req.headers })) {
      return next(badRequest(problemsOf('headers', operation.headers.errors)));
    }
    // Handlers read the coerced query (and code written against req.query sees the same values).
    Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    const found: Validated = { operation, query, files: [], handled: false };
    validated.set(req, found);
    if (!rule || !check) return next();
    const validateBody = (error?: unknown): void => {
      if (error) return next(formError(error));
      const files = ((req as Request & { files?: UploadedFile[] }).files ?? []).map((f) => ({ fieldname: f.fieldname, buffer: f.buffer }));
      found.files = files;
      let body: unknown = req.body;
      // A form's files stand in its body as empty texts, so that a required file is checked like a field.
      if (type === 'multipart/form-data' && typeof body === 'object' && body !== null)
        body = { ...body, ...Object.fromEntries(files.map((f) => [f.fieldname, ''])) };
      if (body === undefined && !rule.required) return next();
      if (!check(body)) return next(badRequest(problemsOf('body', check.errors)));
      next();
    };
    if (type === 'multipart/form-data') return forms(req, res, validateBody);
    if (type === 'application/x-www-form-urlencoded') return urlencoded(req, res, validateBody);
    validateBody();
  };
}

/** A multipart form the parser refused: too large (413), or malformed (400). */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    if (/LIMIT_(FILE|PART)_(SIZE|COUNT)/.test(error.code)) return new AppError(413, 'payload_too_large');
    return badRequest([{ path: '/body', message: error.message }]);
  }
  const e = error as { status?: number; type?: string; message?: string };
  if (e.status === 413 || e.type === 'entity.too.large') return new AppError(413, 'payload_too_large');
  return badRequest([{ path: '/body', message: 'is not a readable form' }]);
}

/** The contract's path (`/api/user.php`) of the operation whose handler took the request; null when none did. */
export function handledPathOf(req: Request): string | null {
  const found = validated.get(req);
  return found?.handled ? found.operation.path : null;
}

/** The operation a request was validated for (null outside the contract's paths). */
export function operationOf(req: Request): OperationId | null {
  return validated.get(req)?.operation.id ?? null;
}

type AnyOperation = Operation<OperationId>;

/**
 * Runs the handler of the request's operation (found and validated by operationValidator): its middleware first, then
 * the handler, whose answer is sent as JSON unless it answered itself. `handlers` is keyed by operationId.
 */
export function operationHandlers(handlers: Readonly<Partial<Record<OperationId, unknown>>>): RequestHandler {
  return (req, res, next) => {
    const found = validated.get(req);
    const entry = found ? (handlers[found.operation.id] as AnyOperation | undefined) : undefined;
    if (!found || !entry) return next();
    found.handled = true;
    const use = entry.use ?? [];
    const run = (i: number): void => {
      if (i < use.length) {
        let called = false;
        const step: NextFunction = (error?: unknown) => {
          if (called) return;
          called = true;
          if (error) next(error);
          else run(i + 1);
        };
        Promise.resolve(use[i]!(req, res, step)).catch(step);
        return;
      }
      const body: unknown = req.body;
      const input = { req, res, query: found.query, body, files: found.files } as OperationRequest<OperationId>;
      Promise.resolve()
        .then(() => entry.handle(input))
        .then((answer) => {
          if (answer !== ANSWERED && !res.headersSent) res.json(answer);
        })
        .catch(next);
    };
    run(0);
  };
}
