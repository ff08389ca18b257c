import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The EU DSA Transparency Database's submission rules, written from its own code (github.com/digital-services-act/
 * transparency-database, the snapshot of June 2026): app/Http/Requests/StatementStoreRequest.php `rules()` and
 * app/Services/GroupedSubmissionsService.php `multi_rules()` (the same rules per statement of a batch), the lists of
 * app/Models/Statement.php and app/Services/EuropeanCountriesService.php, and the multiple endpoint
 * app/Http/Controllers/Api/v1/StatementMultipleAPIController.php (`statements` between 1 and 100; a PUID already held
 * is 422 with `errors.existing_puids`, PuidNotUniqueMultipleException.php). routes/api_v1.php has no route that
 * withdraws or deletes a statement: POST statement(s), GET statement/{uuid} and GET statement/existing-puid/{puid}.
 *
 * `violations` applies the field rules to one statement; `startTransparencyDatabase` is a local stand-in for the
 * API that applies them to every call, for the delivery's tests.
 */

// Statement::DECISION_VISIBILITIES, DECISION_MONETARIES, DECISION_PROVISIONS, DECISION_ACCOUNTS, ACCOUNT_TYPES
const VISIBILITIES = [
  'DECISION_VISIBILITY_CONTENT_REMOVED',
  'DECISION_VISIBILITY_CONTENT_DISABLED',
  'DECISION_VISIBILITY_CONTENT_DEMOTED',
  'DECISION_VISIBILITY_CONTENT_AGE_RESTRICTED',
  'DECISION_VISIBILITY_CONTENT_INTERACTION_RESTRICTED',
  'DECISION_VISIBILITY_CONTENT_LABELLED',
  'DECISION_VISIBILITY_OTHER',
];
const MONETARIES = ['DECISION_MONETARY_SUSPENSION', 'DECISION_MONETARY_TERMINATION', 'DECISION_MONETARY_OTHER'];
const PROVISIONS = [
  'DECISION_PROVISION_PARTIAL_SUSPENSION',
  'DECISION_PROVISION_TOTAL_SUSPENSION',
  'DECISION_PROVISION_PARTIAL_TERMINATION',
  'DECISION_PROVISION_TOTAL_TERMINATION',
];
const ACCOUNTS = ['DECISION_ACCOUNT_SUSPENDED', 'DECISION_ACCOUNT_TERMINATED'];
const ACCOUNT_TYPES = ['ACCOUNT_TYPE_BUSINESS', 'ACCOUNT_TYPE_PRIVATE'];
// Statement::DECISION_GROUNDS, INCOMPATIBLE_CONTENT_ILLEGALS, CONTENT_TYPES, SOURCE_TYPES, AUTOMATED_DETECTIONS, AUTOMATED_DECISIONS
const GROUNDS = ['DECISION_GROUND_ILLEGAL_CONTENT', 'DECISION_GROUND_INCOMPATIBLE_CONTENT'];
const YES_NO = ['Yes', 'No'];
const CONTENT_TYPES = [
  'CONTENT_TYPE_APP',
  'CONTENT_TYPE_AUDIO',
  'CONTENT_TYPE_IMAGE',
  'CONTENT_TYPE_PRODUCT',
  'CONTENT_TYPE_SYNTHETIC_MEDIA',
  'CONTENT_TYPE_TEXT',
  'CONTENT_TYPE_VIDEO',
  'CONTENT_TYPE_OTHER',
];
const SOURCE_TYPES = ['SOURCE_ARTICLE_16', 'SOURCE_TRUSTED_FLAGGER', 'SOURCE_TYPE_OTHER_NOTIFICATION', 'SOURCE_VOLUNTARY'];
const AUTOMATED_DECISIONS = ['AUTOMATED_DECISION_FULLY', 'AUTOMATED_DECISION_PARTIALLY', 'AUTOMATED_DECISION_NOT_AUTOMATED'];
// Statement::STATEMENT_CATEGORIES (the list since 1 July 2025: no NON_CONSENSUAL_BEHAVIOUR, no SCOPE_OF_PLATFORM_SERVICE)
export const CATEGORIES = [
  'STATEMENT_CATEGORY_ANIMAL_WELFARE',
  'STATEMENT_CATEGORY_CONSUMER_INFORMATION',
  'STATEMENT_CATEGORY_CYBER_VIOLENCE',
  'STATEMENT_CATEGORY_CYBER_VIOLENCE_AGAINST_WOMEN',
  'STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS',
  'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH',
  'STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS',
  'STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS',
  'STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE',
  'STATEMENT_CATEGORY_OTHER_VIOLATION_TC',
  'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
  'STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY',
  'STATEMENT_CATEGORY_SCAMS_AND_FRAUD',
  'STATEMENT_CATEGORY_SELF_HARM',
  'STATEMENT_CATEGORY_UNSAFE_AND_PROHIBITED_PRODUCTS',
  'STATEMENT_CATEGORY_VIOLENCE',
];
// Statement::KEYWORDS
export const KEYWORDS = [
  'KEYWORD_ADULT_SEXUAL_MATERIAL',
  'KEYWORD_AGE_SPECIFIC_RESTRICTIONS',
  'KEYWORD_AGE_SPECIFIC_RESTRICTIONS_MINORS',
  'KEYWORD_ANIMAL_HARM',
  'KEYWORD_BIOMETRIC_DATA_BREACH',
  'KEYWORD_BULLYING_AGAINST_GIRLS',
  'KEYWORD_CHILD_SEXUAL_ABUSE_MATERIAL',
  'KEYWORD_CHILD_SEXUAL_ABUSE_MATERIAL_DEEPFAKE',
  'KEYWORD_CONTENT_PROMOTING_EATING_DISORDERS',
  'KEYWORD_COORDINATED_HARM',
  'KEYWORD_COPYRIGHT_INFRINGEMENT',
  'KEYWORD_CYBER_BULLYING_INTIMIDATION',
  'KEYWORD_CYBER_HARASSMENT',
  'KEYWORD_CYBER_HARASSMENT_AGAINST_WOMEN',
  'KEYWORD_CYBER_INCITEMENT',
  'KEYWORD_CYBER_STALKING',
  'KEYWORD_CYBER_STALKING_AGAINST_WOMEN',
  'KEYWORD_DATA_FALSIFICATION',
  'KEYWORD_DEFAMATION',
  'KEYWORD_DESIGN_INFRINGEMENT',
  'KEYWORD_DISCRIMINATION',
  'KEYWORD_FEMALE_GENDERED_DISINFORMATION',
  'KEYWORD_GEOGRAPHIC_INDICATIONS_INFRINGEMENT',
  'KEYWORD_GEOGRAPHICAL_REQUIREMENTS',
  'KEYWORD_GOODS_SERVICES_NOT_PERMITTED',
  'KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS',
  'KEYWORD_HATE_SPEECH',
  'KEYWORD_HIDDEN_ADVERTISEMENT',
  'KEYWORD_HUMAN_EXPLOITATION',
  'KEYWORD_HUMAN_TRAFFICKING',
  'KEYWORD_ILLEGAL_ORGANIZATIONS',
  'KEYWORD_IMPERSONATION_ACCOUNT_HIJACKING',
  'KEYWORD_INAUTHENTIC_ACCOUNTS',
  'KEYWORD_INAUTHENTIC_LISTINGS',
  'KEYWORD_INAUTHENTIC_USER_REVIEWS',
  'KEYWORD_INCITEMENT_AGAINST_WOMEN',
  'KEYWORD_INCITEMENT_VIOLENCE_HATRED',
  'KEYWORD_INSUFFICIENT_INFORMATION_ON_TRADERS',
  'KEYWORD_LANGUAGE_REQUIREMENTS',
  'KEYWORD_MISINFORMATION_DISINFORMATION',
  'KEYWORD_MISLEADING_INFO_CONSUMER_RIGHTS',
  'KEYWORD_MISLEADING_INFO_GOODS_SERVICES',
  'KEYWORD_MISSING_PROCESSING_GROUND',
  'KEYWORD_NON_CONSENSUAL_IMAGE_SHARING',
  'KEYWORD_NON_CONSENSUAL_IMAGE_SHARING_AGAINST_WOMEN',
  'KEYWORD_NON_CONSENSUAL_MATERIAL_DEEPFAKE',
  'KEYWORD_NON_CONSENSUAL_MATERIAL_DEEPFAKE_AGAINST_WOMEN',
  'KEYWORD_NONCOMPLIANCE_PRICING',
  'KEYWORD_NUDITY',
  'KEYWORD_PATENT_INFRINGEMENT',
  'KEYWORD_PHISHING',
  'KEYWORD_PROHIBITED_PRODUCTS',
  'KEYWORD_PYRAMID_SCHEMES',
  'KEYWORD_RIGHT_TO_BE_FORGOTTEN',
  'KEYWORD_RISK_ENVIRONMENTAL_DAMAGE',
  'KEYWORD_RISK_PUBLIC_HEALTH',
  'KEYWORD_SELF_MUTILATION',
  'KEYWORD_STALKING',
  'KEYWORD_SUICIDE',
  'KEYWORD_TERRORIST_CONTENT',
  'KEYWORD_TRADE_SECRET_INFRINGEMENT',
  'KEYWORD_TRADEMARK_INFRINGEMENT',
  'KEYWORD_TRAFFICKING_WOMEN_GIRLS',
  'KEYWORD_UNLAWFUL_SALE_ANIMALS',
  'KEYWORD_UNSAFE_CHALLENGES',
  'KEYWORD_UNSAFE_PRODUCTS',
  'KEYWORD_VIOLATION_EU_LAW',
  'KEYWORD_VIOLATION_NATIONAL_LAW',
  'KEYWORD_OTHER',
];
// EuropeanCountriesService::EUROPEAN_COUNTRY_CODES (the EEA)
const EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

type Statement = Record<string, unknown>;
type Rule = (value: unknown, s: Statement) => string | null;

const absent = (v: unknown) => v === undefined || v === null;
// Laravel's `required`: null, an empty string and an empty array are missing.
const missing = (v: unknown) => absent(v) || v === '' || (Array.isArray(v) && v.length === 0);
const maxLen = (v: unknown, n: number) => (typeof v === 'string' && v.length > n ? `longer than ${n}` : null);
const oneOf = (v: unknown, list: string[], nullable: boolean) =>
  absent(v)
    ? nullable
      ? null
      : 'null is not allowed'
    : typeof v === 'string' && list.includes(v)
      ? null
      : `not one of the list: ${String(v)}`;
const arrayOf = (v: unknown, list: string[]) =>
  absent(v)
    ? null
    : !Array.isArray(v)
      ? 'not an array'
      : v.every((x) => typeof x === 'string' && list.includes(x))
        ? null
        : `not all in the list: ${v.join(',')}`;
const date = (v: unknown, min: string | null, max: string) =>
  absent(v)
    ? null
    : typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))
      ? 'not Y-m-d'
      : (min !== null && v < min) || v > max
        ? `outside ${min ?? ''}…${max}`
        : null;
const has = (s: Statement, field: string, needle: string) => Array.isArray(s[field]) && (s[field] as unknown[]).includes(needle);
const fieldIf = (on: boolean, v: unknown, n: number) => (on ? (missing(v) ? 'required' : maxLen(v, n)) : null);
// `required_without_all:` the other three decisions: one of the four must be given.
const oneDecision: Rule = (_v, s) =>
  ['decision_visibility', 'decision_monetary', 'decision_provision', 'decision_account'].every((f) => missing(s[f]))
    ? 'one of decision_visibility, decision_monetary, decision_provision, decision_account is required'
    : null;

/** Field → its rule (StatementStoreRequest::rules(), field by field; `exclude_*` fields are not checked when excluded). */
const RULES: Record<string, Rule> = {
  decision_visibility: (v, s) => oneDecision(v, s) ?? arrayOf(v, VISIBILITIES),
  decision_visibility_other: (v, s) => fieldIf(has(s, 'decision_visibility', 'DECISION_VISIBILITY_OTHER'), v, 500),
  decision_monetary: (v, s) => oneDecision(v, s) ?? oneOf(v, MONETARIES, true),
  decision_monetary_other: (v, s) => fieldIf(s.decision_monetary === 'DECISION_MONETARY_OTHER', v, 500),
  decision_provision: (v, s) => oneDecision(v, s) ?? oneOf(v, PROVISIONS, true),
  decision_account: (v, s) => oneDecision(v, s) ?? oneOf(v, ACCOUNTS, true),
  account_type: (v) => oneOf(v, ACCOUNT_TYPES, true),
  category_specification: (v) => arrayOf(v, KEYWORDS),
  category_specification_other: (v) => maxLen(v, 500),
  decision_ground: (v) => (missing(v) ? 'required' : oneOf(v, GROUNDS, false)),
  decision_ground_reference_url: (v) => (absent(v) ? null : typeof v === 'string' && URL.canParse(v) ? maxLen(v, 500) : 'not a URL'),
  illegal_content_legal_ground: (v, s) => fieldIf(s.decision_ground === 'DECISION_GROUND_ILLEGAL_CONTENT', v, 500),
  illegal_content_explanation: (v, s) => fieldIf(s.decision_ground === 'DECISION_GROUND_ILLEGAL_CONTENT', v, 2000),
  incompatible_content_ground: (v, s) => fieldIf(s.decision_ground === 'DECISION_GROUND_INCOMPATIBLE_CONTENT', v, 500),
  incompatible_content_explanation: (v, s) => fieldIf(s.decision_ground === 'DECISION_GROUND_INCOMPATIBLE_CONTENT', v, 2000),
  // `in:Yes,No` without `nullable`: a null sent is refused.
  incompatible_content_illegal: (v, s) =>
    s.decision_ground === 'DECISION_GROUND_INCOMPATIBLE_CONTENT' && v !== undefined ? oneOf(v, YES_NO, false) : null,
  content_type: (v) => (missing(v) ? 'required' : arrayOf(v, CONTENT_TYPES)),
  content_type_other: (v, s) => fieldIf(has(s, 'content_type', 'CONTENT_TYPE_OTHER'), v, 500),
  category: (v) => (missing(v) ? 'required' : oneOf(v, CATEGORIES, false)),
  category_addition: (v) => arrayOf(v, CATEGORIES),
  territorial_scope: (v) => arrayOf(v, EEA_COUNTRIES),
  content_date: (v) => (missing(v) ? 'required' : date(v, '2000-01-01', '2038-01-01')),
  application_date: (v) => (missing(v) ? 'required' : date(v, '2020-01-01', '2038-01-01')),
  end_date_account_restriction: (v) => date(v, null, '2038-01-01'),
  end_date_monetary_restriction: (v) => date(v, null, '2038-01-01'),
  end_date_service_restriction: (v) => date(v, null, '2038-01-01'),
  end_date_visibility_restriction: (v) => date(v, null, '2038-01-01'),
  decision_facts: (v) => (missing(v) ? 'required' : maxLen(v, 5000)),
  source_type: (v) => (missing(v) ? 'required' : oneOf(v, SOURCE_TYPES, false)),
  source_identity: (v, s) => (s.source_type === 'SOURCE_VOLUNTARY' ? null : maxLen(v, 500)),
  automated_detection: (v) => (missing(v) ? 'required' : oneOf(v, YES_NO, false)),
  automated_decision: (v) => (missing(v) ? 'required' : oneOf(v, AUTOMATED_DECISIONS, false)),
  puid: (v) => (missing(v) ? 'required' : typeof v === 'string' && /^[a-zA-Z0-9-_]+$/.test(v) ? maxLen(v, 500) : 'bad format'),
};

/** The rules a statement breaks, as `field: why`; empty when the database would take it. */
export function violations(statement: Statement): string[] {
  return Object.entries(RULES).flatMap(([field, rule]) => {
    const why = rule(statement[field], statement);
    return why === null ? [] : [`${field}: ${why}`];
  });
}

export interface TransparencyDatabase {
  url: string;
  token: string;
  /** Every call that reached the statements' rules, in order: the statements it carried. */
  calls: Statement[][];
  /** The PUIDs the database holds. */
  held: Set<string>;
  /** Answer the next `n` calls with a 503 (the database down). */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** A local stand-in for the database's multiple endpoint (POST /api/v1/statements) that applies the rules above. */
export async function startTransparencyDatabase(): Promise<TransparencyDatabase> {
  const token = randomUUID();
  const calls: Statement[][] = [];
  const held = new Set<string>();
  let failing = 0;
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/api/v1/statements') return answer(404, { message: 'not found' });
      if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { message: 'Unauthenticated.' });
      if (failing > 0) {
        failing -= 1;
        return answer(503, { message: 'down' });
      }
      const statements = (JSON.parse(raw) as { statements?: unknown }).statements;
      // `statements` => 'required|array|between:1,100'
      if (!Array.isArray(statements) || statements.length < 1 || statements.length > 100)
        return answer(422, { errors: { statements: ['The statements field must have between 1 and 100 items.'] } });
      calls.push(statements as Statement[]);
      const errors: Record<string, string[]> = {};
      (statements as Statement[]).forEach((s, i) => {
        const broken = violations(s);
        if (broken.length > 0) errors[`statement_${i}`] = broken;
      });
      if (Object.keys(errors).length > 0) return answer(422, { errors });
      const puids = (statements as Statement[]).map((s) => s.puid as string);
      const existing = puids.filter((p, i) => held.has(p) || puids.indexOf(p) !== i);
      if (existing.length > 0)
        return answer(422, {
          message: 'The platform identifier(s) are not all unique within this call.',
          errors: { puid: ['The platform identifier(s) are not all unique within this call.'], existing_puids: existing },
        });
      for (const p of puids) held.add(p);
      answer(201, { statements: (statements as Statement[]).map((s) => ({ ...s, uuid: randomUUID() })) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    held,
    failNext: (n) => void (failing = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
