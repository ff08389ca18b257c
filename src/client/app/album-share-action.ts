import type { ApiClient } from '../../shared/api/client';
import { shareAlbum, unshareAlbum } from '../features/albums/api/albums';
import { ALBUM_SHARE_FORM } from '../features/albums/components/album-share-button';
import { parseProfileId } from '../features/profile/api/get-profile';
import { runFormAction, seeOther, textField, type FormFailure } from './form-action';

/** Whether a posted form is the album share form (`intent=album-share`), which every page showing it hands here. */
export const isAlbumShareForm = (form: FormData): boolean => textField(form, 'intent') === ALBUM_SHARE_FORM;

/**
 * The album share form posted to a page that shows it (a profile, a conversation, the list of shares): shares the
 * member's private album with member `member_id` (`share=1`) or takes it back (`share=0`), then 303 to `back` (the
 * page again, whose loader brings the new state); a refusal (a limit, too many shares, a member gone) is the form's
 * FormFailure, shown beside the button in the member's language. A form without a member id changes nothing.
 */
export function albumShareAction(form: FormData, api: ApiClient, back: string): Promise<Response | FormFailure> {
  const id = parseProfileId(textField(form, 'member_id'));
  if (id === null) return Promise.resolve(seeOther(back));
  const share = textField(form, 'share') === '1';
  return runFormAction(
    ALBUM_SHARE_FORM,
    {},
    () => (share ? shareAlbum(api, id) : unshareAlbum(api, id)),
    () => seeOther(back),
  );
}
