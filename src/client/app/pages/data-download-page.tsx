import { redirect, redirectDocument } from 'react-router';
import { loginPathFor } from '../../features/session/login-return';
import { searchOf, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

/** The archive itself: answered by the backend as a zip (its session, or a suspended member's download token). */
const FILE_PATH = '/api/data-export-file.php';
const HEX32 = /^[0-9a-f]{32}$/;

/**
 * /data-export/download?key=… (`&token=…` for an archive asked for while suspended): the link of the "your data is
 * ready" mail. A member with his session goes on to the archive; a logged-out visitor gets the login page first,
 * which comes back here; the download token of a suspended member's archive goes on at once (he has no session).
 * Anything malformed is the 404 page.
 */
export async function dataDownloadLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const search = searchOf(request);
  const key = search.get('key') ?? '';
  const token = search.get('token');
  if (!HEX32.test(key) || (token !== null && !HEX32.test(token))) return { status: 404 };
  if (token !== null) throw redirectDocument(`${FILE_PATH}?key=${key}&token=${token}`);
  if (ctx.hasSession && (await ctx.user)) throw redirectDocument(`${FILE_PATH}?key=${key}`);
  throw redirect(loginPathFor(`/data-export/download?key=${key}`));
}

/** Shown only for a malformed link (every other visit is sent on by the loader). */
export function DataDownloadPage() {
  return <NotFoundPage />;
}
