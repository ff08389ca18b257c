import { IdentityKeyError, createAssertionSigner, generateIdentityKeys, type AssertionSigner } from '../shared/member-assertion';
import type { Config } from './config';
import type { RoutingPlan } from './routing';

/**
 * The identity bridge's signer (only with a session bridge): IDENTITY_SIGNING_KEY, which a backend other than the
 * embedded one needs to be given the public half of; without one, and when only the embedded backend verifies, a key
 * made for this start (its public half goes to the embedded backend).
 */
export async function identitySigner(config: Config, plan: RoutingPlan): Promise<AssertionSigner | undefined> {
  const bridge = plan.sessionBridge;
  if (!bridge) return undefined;
  if (config.IDENTITY_SIGNING_KEY) return createAssertionSigner(config.IDENTITY_SIGNING_KEY);
  const apart = [...plan.backends.values()].filter((b) => b.name !== bridge.backend && b.url !== 'embedded').map((b) => b.name);
  if (apart.length > 0) {
    throw new IdentityKeyError(
      `backend(s) ${apart.join(', ')} must verify the session bridge's assertions: make a key pair with \`npm run identity:keys\`, set the private key as IDENTITY_SIGNING_KEY on every BFF and the public keys as IDENTITY_VERIFY_KEYS on those backends`,
    );
  }
  return createAssertionSigner((await generateIdentityKeys('embedded')).privateJwk);
}
