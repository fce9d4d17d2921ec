import { badRequest } from "~/lib/http-error";
import { CsvError, readCsv } from "./csv";

/* What every import (clients, appointments) does with a file's rows: its columns, its text fields, its errors. */

/** An uploaded file: its name (for the audit log and consent sources) and its bytes. */
export interface ClientFile {
  name: string;
  bytes: Uint8Array;
}

/** How each column is read: the owner's choice where given, else what its header says. */
export function columnsOf<Field extends string>(
  headers: string[],
  mapping: Record<string, Field>,
  detected: (header: string) => Field,
): { header: string; field: Field }[] {
  const unknown = Object.keys(mapping).find((header) => !headers.includes(header));
  if (unknown !== undefined) throw badRequest(`The file has no column "${unknown}" to map`);
  return headers.map((header) => ({ header, field: mapping[header] ?? detected(header) }));
}

/** The first non-blank value, trimmed, of the columns read as `field`; "" when none has one. */
export function firstValue<Field extends string>(values: string[], columns: readonly { field: Field }[], field: Field) {
  for (let index = 0; index < columns.length; index++) {
    const value = columns[index]!.field === field ? values[index]!.trim() : "";
    if (value) return value;
  }
  return "";
}

export const oneLineText = (value: string) => value.replace(/\s+/g, " ").trim();

/** Notes keep their line breaks (as LF) and tabs; other control characters have no place in them. */
export const notesText = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/(?![\t\n])[\p{Cc}\u2028\u2029]/gu, "")
    .trim();

/** The rows of a file in chunks of `size`, as they are read. */
export function* chunks<T>(rows: Iterable<T>, size: number) {
  let chunk: T[] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const asBadRequest = (error: unknown) => (error instanceof CsvError ? badRequest(error.message) : error);

/** The file opened for reading (its header read): an unreadable file is a 400. */
export function readFile(file: ClientFile, maxRows: number) {
  try {
    return readCsv(file.bytes, maxRows);
  } catch (error) {
    throw asBadRequest(error);
  }
}

/** Runs what reads the rows: a row the reader cannot read (a quote left open, one row too many) is a 400. */
export async function readingRows<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asBadRequest(error);
  }
}
