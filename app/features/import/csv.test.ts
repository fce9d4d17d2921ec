import { describe, expect, it } from "vitest";
import { CsvError, parseCsv, readCsv } from "./csv";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("reading a CSV file", () => {
  it("reads UTF-8 with a byte-order mark, CRLF line ends and quoted commas, quotes and line breaks", () => {
    const table = parseCsv(utf8('\ufeffName,Notes\r\n"Lee, Sam","Said ""hi""\r\non two lines"\r\n\r\nAnn,\r\n'), 10);
    expect(table).toEqual({
      headers: ["Name", "Notes"],
      rows: [
        ["Lee, Sam", 'Said "hi"\r\non two lines'],
        ["Ann", ""],
      ],
      delimiter: ",",
      encoding: "utf-8",
    });
  });

  it("finds semicolons or tabs between fields from the header, whatever the rows hold", () => {
    expect(parseCsv(utf8("First name;Notes\nZoe;a, b\n"), 10)).toMatchObject({
      delimiter: ";",
      rows: [["Zoe", "a, b"]],
    });
    expect(parseCsv(utf8("First name\tNotes\nZoe\ta; b"), 10)).toMatchObject({ rows: [["Zoe", "a; b"]] });
    // A single column has no delimiter at all.
    expect(parseCsv(utf8("Email\nzoe@example.com"), 10).rows).toEqual([["zoe@example.com"]]);
  });

  it("reads Windows-1252 when the bytes are not UTF-8", () => {
    const table = parseCsv(
      Uint8Array.from([...utf8("Name;Notes\nZo"), 0xeb, ...utf8(";paid "), 0xa3, ...utf8("5\n")]),
      10,
    );
    expect(table.encoding).toBe("windows-1252");
    expect(table.rows).toEqual([["Zoë", "paid £5"]]);
  });

  it("pads short rows and drops fields past the header", () => {
    expect(parseCsv(utf8("a,b,c\n1\n1,2,3,4\n,,\n1,\n"), 10).rows).toEqual([
      ["1", "", ""],
      ["1", "2", "3"],
      ["", "", ""],
      ["1", "", ""],
    ]);
  });

  it("refuses an empty file, a quote left open and more rows than allowed", () => {
    expect(() => parseCsv(utf8(""), 10)).toThrow(CsvError);
    expect(() => parseCsv(utf8('a,b\n"open,1\n'), 10)).toThrow("quote mark is missing");
    expect(() => parseCsv(utf8("a\n1\n2\n3\n"), 2)).toThrow("more than 2 rows");
    expect(parseCsv(utf8("a\n1\n2\n"), 2).rows).toHaveLength(2);
  });

  it("reads rows as they are asked for, refusing the one past the limit only when reached", () => {
    const reader = readCsv(utf8("a\n1\n2\n3\n"), 2);
    expect(reader.rows.next().value).toEqual(["1"]);
    expect(reader.rows.next().value).toEqual(["2"]);
    expect(() => reader.rows.next()).toThrow("more than 2 rows");
  });
});
