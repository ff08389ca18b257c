import { isAuthenticationRequired } from '../../shared/api/client';

/**
 * A refused call, as plain data: the status and the one error body of openapi.yaml. The client's one failure: a route
 * loader keeps it for the page (route-handle.ts), a route action answers it with the form's fields (FormFailure), and a
 * hook or a call throws it as an ApiRequestError — the same two values, rebuilt with `apiErrorOf`, never re-read.
 */
export interface ApiFailure {
  status: number;
  body: unknown;
}

/** A non-2xx answer of the typed API client, with the one error body of openapi.yaml (an ApiFailure to throw). */
export class ApiRequestError extends Error implements ApiFailure {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(errorMessage(body) ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  /** The snake_case `error.code`, when the body has one. */
  get code(): string | undefined {
    const error = errorObject(this.body);
    return typeof error?.code === 'string' ? error.code : undefined;
  }

  get params(): Record<string, unknown> {
    const params = errorObject(this.body)?.params;
    return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  }

  /** A 403 carrying `authentication_required`: the visitor is logged out. */
  get authenticationRequired(): boolean {
    return isAuthenticationRequired(this.status, this.body);
  }
}

function errorObject(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
}

function errorMessage(body: unknown): string | undefined {
  const message = errorObject(body)?.message;
  return typeof message === 'string' ? message : undefined;
}

type FetchResult<D> = { data?: D; error?: unknown; response: Response };

/** Awaits an openapi-fetch call and returns its data, or throws an ApiRequestError. */
export async function unwrap<D>(call: Promise<FetchResult<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw new ApiRequestError(response.status, error);
  return data as D;
}

/** The failure as data (to keep in a loader's or an action's answer, which the page's HTML carries to the browser). */
export const apiFailureOf = (error: ApiRequestError): ApiFailure => ({ status: error.status, body: error.body });

/** A kept failure as the error a component shows. */
export const apiErrorOf = (failure: ApiFailure): ApiRequestError => new ApiRequestError(failure.status, failure.body);

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}
