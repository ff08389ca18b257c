import type { Request, RequestHandler, Response } from 'express';
import type { operations } from '../../src/shared/api/schema';
import type { OperationId } from '../../src/shared/embedded-operations';

export type { OperationId };

/**
 * The backend's unit is the contract's operation: every component exports its handlers keyed by `operationId`, typed
 * from the generated `operations[…]` of openapi.yaml (its query, body and answer), so a field renamed in the contract
 * that a handler does not follow fails the typecheck. lib/operation-router.ts mounts them from the contract and
 * validates each request with the operation's own validator (lib/request-validation.ts) before its handler runs.
 */

type Op<K extends OperationId> = operations[K];
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : NonNullable<T>;

/** The operation's query parameters, as the validator left them: coerced to the contract's types, defaults filled. */
type QueryOf<K extends OperationId> = OrEmpty<Op<K>['parameters']['query']>;

type ContentOf<C> = C extends { 'application/json': infer B }
  ? B
  : C extends { 'multipart/form-data': infer B }
    ? B
    : C extends { 'text/plain': infer B }
      ? B
      : never;

/** The operation's request body as validated (JSON, or a form's text fields); undefined when it may be left out. */
type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody: { content: infer C } }
    ? ContentOf<C>
    : Op<K> extends { requestBody?: { content: infer C } }
      ? ContentOf<C> | undefined
      : undefined;

type Success = 200 | 201 | 202;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends OperationId> = Op<K>['responses'];

/** The JSON body of the operation's success answers (never for one that answers no JSON: an event stream, a page). */
type AnswerOf<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends Success ? JsonOf<Responses<K>[S]> : never;
}[keyof Responses<K>];

/** A handler that answered itself (a stream, a page, a file, an idempotent replay) returns this instead of a body. */
export const ANSWERED: unique symbol = Symbol('answered');
export type Answered = typeof ANSWERED;

/** A file of a multipart form, read into memory (at most one, limited in size by the validator). */
export interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

/** What a handler receives: the validated input of its operation, and the request and response it may also use. */
export interface OperationRequest<K extends OperationId> {
  readonly req: Request;
  readonly res: Response;
  readonly query: QueryOf<K>;
  readonly body: BodyOf<K>;
  /** The uploaded files of a multipart form (empty otherwise). */
  readonly files: readonly UploadedFile[];
}

type MaybePromise<T> = T | Promise<T>;

/** An operation's handler: returns its answer's body (sent as JSON, with the status it set, 200 by default) or ANSWERED. */
type OperationHandler<K extends OperationId> = (op: OperationRequest<K>) => MaybePromise<AnswerOf<K> | Answered>;

/** An operation: middleware that runs first (a rate limit), then its handler. */
export interface Operation<K extends OperationId> {
  readonly use?: readonly RequestHandler[];
  readonly handle: OperationHandler<K>;
}

/** Handlers keyed by operationId: a component's `Operations<'likeProfile' | 'unlikeProfile'>` names what it implements. */
export type Operations<K extends OperationId> = { readonly [P in K]: Operation<P> };
