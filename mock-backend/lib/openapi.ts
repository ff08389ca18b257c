import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { load as parseYaml } from 'js-yaml';

/** The contract this backend implements; lib/request-validation.ts compiles its operations' validators from it. */
export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

type Json = Record<string, unknown>;

/** The parts of the parsed contract that its readers walk. */
interface Contract {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Json> } & Json>>;
  components: { responses: Record<string, Json>; schemas: Record<string, Json> } & Json;
}

/**
 * The contract's answers as JSON Schema: the whole document is given to Ajv once, and each answer's schema is compiled
 * from it by its JSON pointer when first asked for, sharing the compiled components. (express-openapi-validator, the request validator of earlier versions, embedded
 * the whole document again in each route's and status's schema, so a process walked the 250 KB contract once for
 * every answer it checked first: about 14 s of CPU per test worker.) Made on first use: the running backend never
 * checks its answers, only tests do.
 */
class ContractSchemas {
  readonly contract: Contract;
  /** The path of the contract's server URL (`/api`), before every path of the contract. */
  readonly basePath: string;
  private readonly ajv: Ajv2020;

  constructor() {
    this.contract = parseYaml(readFileSync(OPENAPI_PATH, 'utf8')) as Contract;
    this.basePath = new URL(this.contract.servers?.[0]?.url ?? '/', 'http://contract').pathname.replace(/\/$/, '');
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema(this.contract as unknown as Json, 'openapi.json');
  }

  /** The schema at a JSON pointer of the contract (`/components/schemas/Error`), compiled once. */
  schemaAt(pointer: string): ValidateFunction {
    const validate = this.ajv.getSchema(`openapi.json#${pointer}`);
    if (!validate) throw new Error(`the contract has no schema at ${pointer}`);
    return validate;
  }

  /**
   * What the contract says `method path` answers with `status`: the status itself, else its class (`4XX`), else
   * `default` (null when none is documented); `body` is null for an answer without content, else the validator of
   * its JSON body. A shared answer (`$ref: '#/components/responses/…'`) is read where it is defined.
   */
  answer(path: string, method: string, status: number): { documented: string; body: ValidateFunction | null } | null {
    const responses = this.contract.paths[path]?.[method.toLowerCase()]?.responses;
    if (!responses) return null;
    const documented = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
    if (!documented) return null;
    let at = pointerOf('paths', path, method.toLowerCase(), 'responses', documented);
    let response = responses[documented] as Json & { $ref?: string };
    if (response.$ref) {
      const name = response.$ref.split('/').pop() as string;
      response = this.contract.components.responses[name] as Json;
      at = pointerOf('components', 'responses', name);
    }
    const content = response.content as Json | undefined;
    if (!content) return { documented, body: null };
    const type = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
    return { documented, body: type ? this.schemaAt(`${at}/content/${escape(type)}/schema`) : null };
  }
}

let schemas: ContractSchemas | undefined;

/** The contract's schemas (parsed and given to Ajv on the first call of the process). */
export function contractSchemas(): ContractSchemas {
  schemas ??= new ContractSchemas();
  return schemas;
}

const escape = (part: string): string => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** A JSON pointer (`/paths/~1api~1user.php/get`) of these keys. */
function pointerOf(...parts: string[]): string {
  return parts.map((p) => `/${escape(p)}`).join('');
}

/** A short text for the first schema error: `/user/credits must be integer`, with the offending name when it has one. */
export function firstSchemaError(errors: readonly ErrorObject[] | null | undefined): string | undefined {
  const first = errors?.[0];
  if (!first) return undefined;
  const extra = Object.values(first.params as Record<string, unknown>).find((v) => typeof v === 'string');
  const message = first.message ?? 'does not match';
  return `${first.instancePath || '(body)'} ${message}${extra && !message.includes(String(extra)) ? ` (${extra})` : ''}`;
}
