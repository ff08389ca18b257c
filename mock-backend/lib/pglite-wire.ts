import type { PGlite } from '@electric-sql/pglite';
import type { BackendMessage, DataRowMessage, ParameterDescriptionMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';

/**
 * PGlite's answers read with node-postgres's protocol parser.
 *
 * PGlite's own reader (`execProtocolStream`) copies every field of every row into an ArrayBuffer of its own before it
 * decodes it, through private fields compiled to WeakMap lookups: on a member's page that reader was a seventh of the
 * backend's CPU. `pg-protocol` is the parser node-postgres runs on every PostgreSQL answer, so on both databases the
 * same code now reads the rows. PGlite still runs the statement; only its output is read here. PGlite's own listeners
 * (`listen()`) see nothing of these answers; this backend uses none on PGlite, where its event bus is in-process.
 */

/** What one exchange with PGlite answered, in order; a database error is thrown as the protocol reported it. */
export async function exchange(lite: PGlite, message: Uint8Array): Promise<BackendMessage[]> {
  const chunks: Buffer[] = [];
  // The data is a view of PGlite's memory, reused by its next write: copied before the call returns.
  await lite.execProtocolRawStream(message, { syncToFs: false, onRawData: (data) => chunks.push(Buffer.from(data)) });
  const messages: BackendMessage[] = [];
  let failure: BackendMessage | undefined;
  const parser = new Parser();
  const take = (msg: BackendMessage) => {
    // As PGlite reads an answer: the first error is thrown, and nothing after it counts.
    if (failure) return;
    if (msg.name === 'error') failure = msg;
    else messages.push(msg);
  };
  parser.parse(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), take);
  if (failure) throw failure;
  return messages;
}

/** The parameter types PostgreSQL inferred for a statement, from a Describe of it. */
export function parameterTypes(messages: readonly BackendMessage[]): number[] {
  for (const msg of messages) {
    if (msg.name === 'parameterDescription') return [...(msg as ParameterDescriptionMessage).dataTypeIDs];
  }
  return [];
}

type Parse = (value: string, typeId: number) => unknown;

/** How a result's rows are built: each column's name, type and parser (from a RowDescription). */
export interface RowShape {
  names: string[];
  types: number[];
  parse: (Parse | undefined)[];
}

function shapeOf(msg: RowDescriptionMessage, parsers: Record<number, Parse>): RowShape {
  const types = msg.fields.map((f) => f.dataTypeID);
  return { names: msg.fields.map((f) => f.name), types, parse: types.map((t) => parsers[t]) };
}

/**
 * The shape of the rows a prepared statement answers, from a Describe of it (its RowDescription), or null when it
 * answers none (NoData). A statement's shape is fixed once it is prepared (PostgreSQL refuses to run it otherwise),
 * so it is read once and its executions need no Describe.
 */
export function statementRowShape(messages: readonly BackendMessage[], parsers: Record<number, Parse>): RowShape | null {
  for (const msg of messages) if (msg.name === 'rowDescription') return shapeOf(msg as RowDescriptionMessage, parsers);
  return null;
}

/**
 * The rows of the first result in an answer, each an object by column name, with values parsed by PGlite's parsers
 * (`lite.parsers`, its defaults and any given at its start) as its query() parses them: NULL stays null, a type
 * without a parser stays text, and a later column of the same name wins. The shape is the answer's own RowDescription,
 * or `known` for a prepared statement executed without one. PGlite's `parseResults` reads these messages alike, but
 * builds each row through `Object.fromEntries` and every result of the answer: two to four times the CPU for a page of
 * 25 members.
 */
export function firstResultRows<T>(messages: readonly BackendMessage[], parsers: Record<number, Parse>, known?: RowShape | null): T[] {
  const rows: T[] = [];
  let shape: RowShape = known ?? { names: [], types: [], parse: [] };
  for (const msg of messages) {
    if (msg.name === 'rowDescription') {
      shape = shapeOf(msg as RowDescriptionMessage, parsers);
    } else if (msg.name === 'dataRow') {
      const values = (msg as DataRowMessage).fields;
      const { names, types, parse } = shape;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        const parser = parse[i];
        row[names[i] as string] = value === null || value === undefined ? null : parser ? parser(value, types[i] as number) : value;
      }
      rows.push(row as T);
    } else if (msg.name === 'commandComplete') {
      break;
    }
  }
  return rows;
}
