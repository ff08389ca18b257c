import { domainToASCII } from 'node:url';

/**
 * An e-mail address as the one mailbox it reaches, so that a banned member cannot sign up again with a variant of his
 * address. Only ever hashed and compared; the address a member typed is kept as he typed it.
 *
 * - Everywhere: surrounding spaces, case, Unicode compatibility forms (NFKC), a quoted local part (`"x"@…` is `x@…`,
 *   its backslash escapes undone), the trailing dot of a fully qualified domain (`gmail.com.`), and an international
 *   domain in either spelling (`bücher.de` = `xn--bcher-kva.de`).
 * - A `+tag` is dropped on every domain: the mail servers that know sub-addressing (Gmail, Outlook.com, iCloud,
 *   Fastmail, Proton, most company servers) deliver `x+tag@` to `x@`, and those that do not allow no `+` in a mailbox
 *   name, so no second person is mistaken for the first.
 * - By provider, as their mailboxes really work (PROVIDERS): Gmail ignores dots and has `googlemail.com` as a second
 *   name; Yahoo's disposable addresses are `base-keyword@` (a Yahoo ID has no hyphen); iCloud's `me.com` and `mac.com`
 *   addresses are the same account as `icloud.com`.
 */
export function canonicalAddress(address: string): string {
  const trimmed = address.normalize('NFKC').trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  const domain = asciiDomain(trimmed.slice(at + 1));
  const provider = PROVIDERS.get(domain);
  let local = unquote(trimmed.slice(0, at)).replace(/\+.*$/s, '');
  if (provider?.tag === '-') local = local.replace(/-.*$/s, '');
  if (provider?.dots === false) local = local.replace(/\./g, '');
  return `${local}@${provider?.domain ?? domain}`;
}

interface Provider {
  /** The domain every name of the provider counts as. */
  domain: string;
  /** The separator of a tag besides `+`, where the provider has one. */
  tag?: '-';
  /** false: dots in the mailbox name are ignored by the provider. */
  dots?: false;
}

const GMAIL: Provider = { domain: 'gmail.com', dots: false };
const ICLOUD: Provider = { domain: 'icloud.com' };
const YAHOO_DOMAINS = [
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.de',
  'yahoo.fr',
  'yahoo.es',
  'yahoo.it',
  'yahoo.nl',
  'yahoo.dk',
  'yahoo.se',
  'yahoo.no',
  'yahoo.fi',
  'yahoo.pl',
  'ymail.com',
  'rocketmail.com',
];

/** The providers whose mailboxes have rules beyond the `+tag` (see canonicalAddress). */
const PROVIDERS: ReadonlyMap<string, Provider> = new Map([
  ['gmail.com', GMAIL],
  ['googlemail.com', GMAIL],
  ['icloud.com', ICLOUD],
  ['me.com', ICLOUD],
  ['mac.com', ICLOUD],
  ...YAHOO_DOMAINS.map((domain): [string, Provider] => [domain, { domain, tag: '-' }]),
]);

/** `"x"` → `x`, `"a\"b"` → `a"b`; an unquoted local part as it is. */
function unquote(local: string): string {
  if (local.length < 2 || !local.startsWith('"') || !local.endsWith('"')) return local;
  return local.slice(1, -1).replace(/\\(.)/gs, '$1');
}

/** The domain without its trailing dots, in its ASCII (punycode) spelling where it is a valid one. */
function asciiDomain(domain: string): string {
  const bare = domain.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  return domainToASCII(bare) || bare;
}
