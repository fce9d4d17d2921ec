/*
 * The CSV files rivals and spreadsheets export: UTF-8 (with or without a byte-order mark) or Windows-1252 (Excel's
 * "CSV" on a UK Windows), a comma, semicolon (Excel in much of Europe, Booksy) or tab between fields, quoted fields
 * holding delimiters, doubled quotes and line breaks, CRLF or LF line ends. Small enough to own rather than add a
 * dependency for (decision 048).
 */

export interface CsvTable {
  headers: string[];
  /** The rows after the header, each as long as the header (short rows padded with "", extra fields dropped). */
  rows: string[][];
  delimiter: string;
  encoding: "utf-8" | "windows-1252";
}

export class CsvError extends Error {}

const DELIMITERS = [",", ";", "\t"] as const;

/** UTF-8 unless the bytes are not valid UTF-8, then Windows-1252 (which decodes any byte). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvTable["encoding"] } {
  try {
    // The decoder drops a byte-order mark itself.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** The delimiter the header line uses most, outside quotes; a comma when it has none. */
function detectDelimiter(text: string) {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

const isLineEnd = (char: string | undefined) => char === "\n" || char === "\r";

/**
 * Every record of the text, each a list of fields; blank lines are no records. Fields are sliced from the text, not
 * built a character at a time: a 10 MB file stays a few times its size in memory.
 */
function* records(text: string, delimiter: string): Generator<string[]> {
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field: string;
    if (text[i] === '"') {
      field = "";
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) throw new CsvError("The file ends inside a quoted field: a quote mark is missing.");
        field += text.slice(from, quote);
        if (text[quote + 1] !== '"') {
          i = quote + 1;
          break;
        }
        field += '"';
        from = quote + 2;
      }
      // Anything between the closing quote and the next delimiter (out of the standard) is kept as written.
      const start = i;
      while (i < text.length && text[i] !== delimiter && !isLineEnd(text[i])) i++;
      field += text.slice(start, i);
    } else {
      const start = i;
      while (i < text.length && text[i] !== delimiter && !isLineEnd(text[i])) i++;
      field = text.slice(start, i);
    }
    record.push(field);
    if (text[i] === delimiter) {
      i++;
      // A delimiter last on a line or in the file still ends a field: an empty one.
      if (i >= text.length || isLineEnd(text[i])) record.push("");
      else continue;
    }
    if (text[i] === "\r" && text[i + 1] === "\n") i++;
    i++;
    if (record.length > 1 || record[0] !== "") yield record;
    record = [];
    // Blank lines hold no record.
    while (isLineEnd(text[i])) i++;
  }
}

export interface CsvReader extends Omit<CsvTable, "rows"> {
  /** Read as they are iterated, once; refuses (CsvError) the row past `maxRows` before reading further. */
  rows: Generator<string[]>;
}

/**
 * Opens a CSV file's bytes: its header at once, its rows as they are read, so that a long file is planned a chunk
 * at a time rather than held as one list of rows. Refuses (CsvError) a file without a header.
 */
export function readCsv(bytes: Uint8Array, maxRows: number): CsvReader {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  const all = records(text, delimiter);
  const first = all.next();
  if (first.done) throw new CsvError("The file is empty: it needs a header row naming its columns.");
  const headers = first.value.map((header) => header.trim());
  function* rows() {
    let count = 0;
    for (const record of all) {
      if (count === maxRows) {
        throw new CsvError(
          `The file has more than ${maxRows.toLocaleString("en-GB")} rows: split it and import each part.`,
        );
      }
      count++;
      yield headers.map((_, index) => record[index] ?? "");
    }
  }
  return { headers, rows: rows(), delimiter, encoding };
}

/** Reads a CSV file's bytes into its header and every row (a short file: a list of appointments). */
export function parseCsv(bytes: Uint8Array, maxRows: number): CsvTable {
  const reader = readCsv(bytes, maxRows);
  return { ...reader, rows: [...reader.rows] };
}
