/**
 * A suspended or banned member has no session: a statement of reasons about him and its token (from the statement's
 * mail or the refused login) stand in for one, for what he may still do — appeal, refund his unused credits and
 * download his data.
 */
export interface StatementHolder {
  statement: number;
  token: string;
}

/** `path` (which may have a query) with the holder's statement and token added, for a link he opens without a session. */
export function withHolder(path: string, holder: StatementHolder | undefined): string {
  if (!holder) return path;
  const query = new URLSearchParams({ statement: String(holder.statement), token: holder.token });
  return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
}
