import { sql, type Expression } from "kysely";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `value` contains `text`, ignoring case, the same on both engines (LIKE wildcards in `text` match themselves). */
export const containsText = (value: Expression<string>, text: string) =>
  sql<boolean>`lower(${value}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`;
