/**
 * A new key pair for the identity bridge's assertions (`npm run identity:keys`, optionally a key id:
 * `npm run identity:keys -- k2026b`): prints the private key for every BFF (IDENTITY_SIGNING_KEY) and the public key
 * set for the backends that accept assertions (IDENTITY_VERIFY_KEYS). The private key is printed once and kept nowhere:
 * put it into the BFFs' secret store. How to rotate without logging anyone out: the README, "Moving off a PHP backend".
 */
import { generateIdentityKeys } from '../src/shared/member-assertion';

async function main(): Promise<void> {
  const kid = process.argv[2];
  if (kid !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(kid)) {
    process.stderr.write('A key id is 1 to 64 letters, digits, ".", "_" and "-".\n');
    process.exit(2);
  }
  const { privateJwk, publicKeys } = await generateIdentityKeys(kid);
  process.stdout.write(
    [
      `# key id ${privateJwk.kid}`,
      '# every BFF (secret: never give it to a backend or the PHP service)',
      `IDENTITY_SIGNING_KEY='${JSON.stringify(privateJwk)}'`,
      '# every backend that accepts the assertions (public; while rotating, list the old and the new key in "keys")',
      `IDENTITY_VERIFY_KEYS='${JSON.stringify(publicKeys)}'`,
      '',
    ].join('\n'),
  );
}

void main();
