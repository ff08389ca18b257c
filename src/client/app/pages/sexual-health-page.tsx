import { useIntl } from 'react-intl';
import {
  deleteSexualHealth,
  getSexualHealth,
  putSexualHealth,
  SEXUAL_HEALTH_KEY,
  useSexualHealth,
  type SexualHealthUpdate,
} from '../../features/sexual-health/api/sexual-health';
import {
  CONSENT_FORM,
  SAVE_FORM,
  SEXUAL_HEALTH_PAGE,
  SexualHealthPanel,
  WITHDRAW_FORM,
} from '../../features/sexual-health/components/sexual-health-panel';
import { useCurrentUser } from '../../lib/store/store';
import { MemberPage } from '../member-page';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchForMember, prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';

/** The member's consent and values, so the page is complete in its first render (also without JavaScript). */
export function sexualHealthLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(SEXUAL_HEALTH_KEY, () => getSexualHealth(ctx.api)));
}

const pick = <T extends string>(value: string, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The posted values as the contract's update ('' clears a value; a field the form did not send is left as it is). */
function updateOf(form: FormData): SexualHealthUpdate {
  const body: SexualHealthUpdate = {};
  if (form.has('hiv_status'))
    body.hiv_status = pick(textField(form, 'hiv_status'), ['negative', 'positive', 'positive_undetectable', 'unknown'] as const) ?? null;
  if (form.has('on_prep')) {
    const prep = textField(form, 'on_prep');
    body.on_prep = prep === 'yes' ? true : prep === 'no' ? false : null;
  }
  if (form.has('last_test')) body.last_test = textField(form, 'last_test') || null;
  const visibility = pick(textField(form, 'visibility'), ['nobody', 'matches', 'everyone'] as const);
  if (visibility) body.visibility = visibility;
  const reminder = pick(textField(form, 'reminder'), ['off', '3_months', '6_months', '12_months'] as const);
  if (reminder) body.reminder = reminder;
  const channel = pick(textField(form, 'reminder_channel'), ['mail', 'push'] as const);
  if (channel) body.reminder_channel = channel;
  return body;
}

const KEPT_FIELDS = ['hiv_status', 'on_prep', 'last_test', 'visibility', 'reminder', 'reminder_channel'] as const;

/**
 * The page's forms, by `intent`: `consent` stores the explicit consent (only with its box ticked: else the backend's
 * 409 in his language), `save` the values, `withdraw` deletes everything. Each answers 303 back to the page, whose
 * loader brings the new state; a refusal renders the page again with the backend's message and the fields as sent.
 */
export async function sexualHealthAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const intent = textField(form, 'intent');
  if (intent === WITHDRAW_FORM)
    return runFormAction(
      WITHDRAW_FORM,
      {},
      () => deleteSexualHealth(context.api),
      () => seeOther(`${SEXUAL_HEALTH_PAGE}?withdrawn=1`),
    );
  if (intent === CONSENT_FORM)
    return runFormAction(
      CONSENT_FORM,
      {},
      () => putSexualHealth(context.api, textField(form, 'consent') === 'yes' ? { consent: true } : {}),
      () => seeOther(SEXUAL_HEALTH_PAGE),
    );
  const fields = Object.fromEntries(KEPT_FIELDS.map((name) => [name, textField(form, name)]));
  return runFormAction(
    SAVE_FORM,
    fields,
    () => putSexualHealth(context.api, updateOf(form)),
    () => seeOther(`${SEXUAL_HEALTH_PAGE}?saved=1`),
  );
}

/** /sexual-health: HIV status, PrEP and last test, only with his explicit consent, seen only by whom he chooses. */
export function SexualHealthPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  const { data, error } = useSexualHealth(user !== null);
  const title = intl.formatMessage({ id: 'sexualHealth.title', defaultMessage: 'Sexual health' });
  return (
    <MemberPage className="sexual-health-page" title={title} member={user !== null} data={data} error={error}>
      {(health) => <SexualHealthPanel health={health} />}
    </MemberPage>
  );
}
