import { parse as pgliteParse, type PGlite } from '@electric-sql/pglite';
import {
  exchangeParsed,
  type BackendMessage,
  type DataRowMessage,
  type ParameterDescriptionMessage,
  type RowDescriptionMessage,
} from './library-internals';

/**
 * How the embedded database's adapter (lib/db.ts, PgliteStatements) reads PGlite's answers, two ways:
 *
 * - `wireAnswers` (the default): PGlite's answers read with node-postgres's protocol parser (pg-protocol, through
 *   lib/library-internals.ts) and rows built here. PGlite's own reader (`execProtocolStream`) copies every field of
 *   every row into an ArrayBuffer of its own before it decodes it, through private fields compiled to WeakMap
 *   lookups: on a member's page that reader was a seventh of the backend's CPU. `pg-protocol` is the parser
 *   node-postgres runs on every PostgreSQL answer, so on both databases the same code now reads the rows. PGlite still
 *   runs the statement; only its output is read here. A prepared statement's rows are described once, when it is
 *   prepared.
 * - `publicAnswers` (LIBRARY_INTERNALS=off): PGlite's documented API alone, as the adapter read answers before —
 *   `execProtocolStream` and PGlite's `parse` (`parseResults`, `parseDescribeStatementResults`). PGlite's rows need
 *   their RowDescription in the same answer, so every execution of a prepared statement describes its rows again.
 *
 * Both throw a database error with the fields PGlite's query() gives (code, constraint, detail, …).
 */
export interface PgliteAnswers {
  /** The parameter types PostgreSQL inferred for a statement, from an exchange that describes it (Parse, Describe S). */
  parameterTypes(message: Uint8Array): Promise<number[]>;
  /**
   * A prepared statement's parameter types and the shape of its rows (null: it answers none), from an exchange that
   * describes it; `rows` is undefined when this reader keeps no shape, and then each execution must describe its rows.
   */
  prepare(message: Uint8Array): Promise<{ types: number[]; rows: RowShape | null | undefined }>;
  /** The rows of the first result of an exchange; `known` is the prepared statement's shape when it sent no Describe. */
  rows<T>(message: Uint8Array, known?: RowShape | null): Promise<T[]>;
}

/** PGlite's answers read by pg-protocol's parser (the measured fast path). */
export function wireAnswers(lite: PGlite): PgliteAnswers {
  return {
    parameterTypes: async (message) => parameterTypes(await exchangeParsed(lite, message)),
    async prepare(message) {
      const described = await exchangeParsed(lite, message);
      return { types: parameterTypes(described), rows: statementRowShape(described, lite.parsers) };
    },
    rows: async <T>(message: Uint8Array, known?: RowShape | null) =>
      firstResultRows<T>(await exchangeParsed(lite, message), lite.parsers, known),
  };
}

/** PGlite's answers read by PGlite's own documented reader and parsers (LIBRARY_INTERNALS=off). */
export function publicAnswers(lite: PGlite): PgliteAnswers {
  const exchange = (message: Uint8Array) => lite.execProtocolStream(message, { syncToFs: false });
  return {
    parameterTypes: async (message) => pgliteParse.parseDescribeStatementResults(await exchange(message)),
    async prepare(message) {
      return { types: pgliteParse.parseDescribeStatementResults(await exchange(message)), rows: undefined };
    },
    rows: async <T>(message: Uint8Array) => (pgliteParse.parseResults(await exchange(message), lite.parsers)[0]?.rows ?? []) as T[],
  };
}

/** The parameter types PostgreSQL inferred for a statement, from a Describe of it. */
function parameterTypes(messages: readonly BackendMessage[]): number[] {
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
function statementRowShape(messages: readonly BackendMessage[], parsers: Record<number, Parse>): RowShape | null {
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
function firstResultRows<T>(messages: readonly BackendMessage[], parsers: Record<number, Parse>, known?: RowShape | null): T[] {
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
