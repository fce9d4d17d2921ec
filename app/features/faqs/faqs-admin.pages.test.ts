import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields, formHtml } from "../../../tests/support/html-form";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { listFaqs } from "./faqs.server";

/* /admin/faq without JavaScript: the form posts to the page; Edit is a link, Delete a form. */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
}, 120_000);
afterAll(() => api.close());

const html = async (url: string) => (await admin.request("GET", url, { headers: { accept: "text/html" } })).text;
const post = (fields: URLSearchParams) =>
  admin.request("POST", "/admin/faq", {
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
const faqForm = (page: string) => formFields(formHtml(page, 'aria-labelledby="faq-form-title"'));

describe("/admin/faq without JavaScript", () => {
  it("adds, refuses with the typed values, edits and deletes an FAQ, each answered by a redirect", async () => {
    const fields = faqForm(await html("/admin/faq"));
    expect(fields.get("category")).toBe("General");
    fields.set("question", "Do you take cards?");
    const refused = await post(fields);
    expect(refused.status).toBe(400);
    expect(faqForm(refused.text).get("question")).toBe("Do you take cards?");
    expect(await listFaqs(api.db)).toEqual([]);

    fields.set("answer", "Yes, and contactless.");
    const created = await post(fields);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/faq?saved=created");
    expect(await html("/admin/faq?saved=created")).toContain("FAQ created");
    const [faq] = await listFaqs(api.db);
    expect(faq).toMatchObject({ question: "Do you take cards?", answer: "Yes, and contactless." });

    const page = await html("/admin/faq");
    expect(page).toContain(`href="/admin/faq?edit=${faq!.id}"`);
    const edit = faqForm(await html(`/admin/faq?edit=${faq!.id}`));
    expect(edit.get("id")).toBe(String(faq!.id));
    expect(edit.get("answer")).toBe("Yes, and contactless.");
    edit.set("answer", "Yes: cards, contactless and cash.");
    expect((await post(edit)).headers.get("location")).toBe("/admin/faq?saved=updated");
    expect((await listFaqs(api.db))[0]).toMatchObject({ id: faq!.id, answer: "Yes: cards, contactless and cash." });

    const removal = await post(new URLSearchParams({ intent: "delete", id: String(faq!.id) }));
    expect(removal.headers.get("location")).toBe("/admin/faq?saved=deleted");
    expect(await listFaqs(api.db)).toEqual([]);
  });
});
