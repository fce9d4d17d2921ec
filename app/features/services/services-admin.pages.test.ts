import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields, formHtml } from "../../../tests/support/html-form";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { listServices } from "./services.server";

/* /admin/services without JavaScript: add, edit and delete through forms posting to the page. */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
}, 120_000);
afterAll(() => api.close());

const html = async (url: string) => (await admin.request("GET", url, { headers: { accept: "text/html" } })).text;
const post = (fields: URLSearchParams) =>
  admin.request("POST", "/admin/services", {
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
const serviceForm = (page: string) => formFields(formHtml(page, 'action="/admin/services"'));

describe("/admin/services without JavaScript", () => {
  it("adds, refuses with the typed values, edits and deletes a service, each answered by a redirect", async () => {
    expect(await html("/admin/services")).toContain('href="/admin/services?edit=new"');
    const fields = serviceForm(await html("/admin/services?edit=new"));
    expect(fields.get("icon")).toBe("Scissors");
    fields.set("title", "Hot Towel Shave");
    fields.set("price", "16.50");
    fields.set("duration", "30");
    fields.set("description", "A proper shave.");

    const refused = await post(new URLSearchParams([...fields, ["category", ""]]));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Category is required");
    expect(serviceForm(refused.text).get("title")).toBe("Hot Towel Shave");
    expect(await listServices(api.db)).toEqual([]);

    fields.set("category", "beard");
    const created = await post(fields);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/services?saved=created");
    expect(await html("/admin/services?saved=created")).toContain("Service created");
    const [service] = await listServices(api.db);
    expect(service).toMatchObject({ title: "Hot Towel Shave", price: 16.5, duration: 30, category: "beard" });

    const edit = serviceForm(await html(`/admin/services?edit=${service!.id}`));
    expect(edit.get("title")).toBe("Hot Towel Shave");
    expect(edit.get("category")).toBe("beard");
    edit.set("price", "18");
    expect((await post(edit)).headers.get("location")).toBe("/admin/services?saved=updated");
    expect((await listServices(api.db))[0]).toMatchObject({ id: service!.id, price: 18 });

    // A taken order number: the API's 409 and message, under the Order field with what was typed.
    const another = new URLSearchParams(fields);
    another.set("title", "Beard Trim");
    expect((await post(another)).status).toBe(303);
    const beardTrim = (await listServices(api.db)).find((other) => other.title === "Beard Trim")!;
    const taken = beardTrim.order;
    edit.set("order", String(taken));
    const inUse = await post(edit);
    expect(inUse.status).toBe(409);
    const refusedForm = formHtml(inUse.text, 'action="/admin/services"');
    expect(refusedForm).toContain(`Order number ${taken} is already in use. Please choose a different number.`);
    expect(refusedForm).toMatch(
      /<input[^>]*name="order"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="order"/,
    );
    expect(serviceForm(inUse.text).get("order")).toBe(String(taken));
    await post(new URLSearchParams({ intent: "delete", id: String(beardTrim.id) }));

    const removal = await post(new URLSearchParams({ intent: "delete", id: String(service!.id) }));
    expect(removal.status).toBe(303);
    expect(removal.headers.get("location")).toBe("/admin/services?saved=deleted");
    expect(await listServices(api.db)).toEqual([]);
  });
});
