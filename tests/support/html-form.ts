/*
 * What a browser without JavaScript would post from a server-rendered form: its text inputs, ticked
 * checkboxes and radios, selects' chosen options and textareas, as written in the HTML (so a test fails when
 * the server's HTML lacks a current value). Enough HTML reading for our own pages, not a parser.
 */

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attributes(tag: string) {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)) found.set(match[1]!, decode(match[2] ?? ""));
  return found;
}

/** The HTML of the first form whose opening tag contains `marker` (e.g. `aria-label="Shop settings"`). */
export function formHtml(html: string, marker: string) {
  const start = html.search(new RegExp(`<form[^>]*${marker.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  if (start === -1) throw new Error(`No form with ${marker}`);
  return html.slice(start, html.indexOf("</form>", start));
}

/** The fields the form would post, in document order. */
export function formFields(form: string) {
  const fields = new URLSearchParams();
  const pattern =
    /<(textarea)\b([^>]*)>([\s\S]*?)<\/textarea>|<(select)\b([^>]*)>([\s\S]*?)<\/select>|<(input)\b([^>]*)>/g;
  for (const match of form.matchAll(pattern)) {
    const element = match[1] ?? match[4] ?? match[7];
    const attrs = attributes(match[2] ?? match[5] ?? match[8] ?? "");
    const content = match[3] ?? match[6] ?? "";
    const name = attrs.get("name");
    if (!name || attrs.has("disabled")) continue;
    if (element === "textarea") {
      fields.append(name, decode(content));
    } else if (element === "select") {
      const chosen = /<option[^>]*selected[^>]*value="([^"]*)"|<option[^>]*value="([^"]*)"[^>]*selected/.exec(content);
      fields.append(name, decode(chosen?.[1] ?? chosen?.[2] ?? ""));
    } else {
      const type = attrs.get("type") ?? "text";
      if (["submit", "button", "file", "image", "reset"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !attrs.has("checked")) continue;
      fields.append(name, attrs.get("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    }
  }
  return fields;
}
