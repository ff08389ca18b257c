import type { Logger } from 'pino';
import type { Db } from '../../lib/db';
import type { LegacyClient, LegacyUser } from './client';
import { isLegacyMemberId } from '../../lib/legacy-sync';
import { createCheckTiming } from './check-timing';
import * as repo from './repository';

/**
 * Members who come from the PHP service the site moves off, learnt on first sight under their PHP id:
 * - the member asking, as the PHP service confirmed his session to the BFF (the identity bridge's assertion);
 * - a member he looks at, likes or writes to that this backend has never seen, asked from the PHP service as him;
 * - a member logging in here for the first time, whose password the PHP service accepts (then never asked again).
 * Nothing is learnt for a session the PHP service did not confirm, a member who signed up here is never overwritten
 * by one from there (the id is refused, and the conflict logged for the operator), nor is an id beyond
 * MAX_LEGACY_MEMBER_ID (lib/legacy-sync.ts) taken. What the PHP service says never overwrites what was changed here
 * (repository.ts, learnMember).
 */
export interface LegacyMembers {
  /** The member the PHP service vouches for, learnt or refreshed here; false when his id is a local member's. */
  learnAsker(siteId: number, user: LegacyUser): Promise<boolean>;
  /** Makes sure member `id` is known here, asking the PHP service as the member of `sessionCookie` when he is not. */
  learnOther(siteId: number, id: number, sessionCookie: string, requestId: string | undefined): Promise<void>;
  /** Checks a password with the PHP service (the member's first login here); the member it names, learnt, or null. */
  checkLogin(siteId: number, email: string, password: string, requestId: string | undefined): Promise<LegacyUser | null>;
  /**
   * Waits as long as a check with the PHP service takes (check-timing.ts): a login refused here without asking it waits
   * this, so a refusal does not tell whether the address has a password here.
   */
  waitLikeACheck(): Promise<void>;
}

export function createLegacyMembers(deps: { db: Db; client: LegacyClient; logger: Logger }): LegacyMembers {
  const { db, client, logger } = deps;
  const timing = createCheckTiming();
  const learn = async (m: repo.LearntMember): Promise<boolean> => {
    if (!isLegacyMemberId(m.id)) {
      logger.warn({ userId: m.id }, 'legacy: a member id from the PHP service is beyond the ids this backend takes over; not learnt');
      return false;
    }
    const ok = await repo.learnMember(db, m);
    if (!ok) logger.warn({ userId: m.id }, 'legacy: a member id from the PHP service belongs to a member who signed up here; not learnt');
    return ok;
  };
  const asLearnt = (siteId: number, user: LegacyUser, email = user.email): repo.LearntMember => ({
    id: user.id,
    siteId,
    email: email?.includes('@') ? email : null,
    status: user.status,
    language: user.language,
    signupDate: user.signup_date,
    name: user.profile.name,
    country: user.profile.country,
    about: null,
    gender: null,
  });

  return {
    learnAsker: (siteId, user) => learn(asLearnt(siteId, user)),
    async learnOther(siteId, id, sessionCookie, requestId) {
      if (!isLegacyMemberId(id) || (await repo.originOf(db, id)) !== null) return;
      const profile = await client.profile(id, sessionCookie, requestId);
      if (!profile) return;
      await learn({ ...profile, siteId, email: null, status: 'active', language: null, signupDate: null });
    },
    async checkLogin(siteId, email, password, requestId) {
      const started = performance.now();
      const user = await client.login(email, password, requestId);
      timing.record(performance.now() - started);
      if (!user) return null;
      // The PHP service accepted this address with his password: it is his, confirmed there, whether or not its answer
      // repeats it (the specification's user carries no address).
      return (await learn(asLearnt(siteId, user, email.trim()))) ? user : null;
    },
    waitLikeACheck: () => timing.waitLikeACheck(),
  };
}

export const adoptPassword = repo.adoptPassword;
