import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { listMedia } from "../media/media.server";
import { listProducts } from "./products.server";

/*
 * /admin/products without JavaScript: the form posts multipart with the image as a file, stored as an
 * upload to the library is; the page's body limit grows to the upload limit only for a signed-in admin.
 */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ pages: true, env: { UPLOAD_MAX_FILE_MB: "1" } });
  admin = await api.admin();
}, 120_000);
afterAll(() => api.close());

const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 90, g: 40, b: 20 } } })
    .png()
    .toBuffer();

function productForm(fields: Record<string, string>, file?: { name: string; data: Uint8Array }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("imageUpload", new File([new Uint8Array(file.data)], file.name, { type: "image/png" }));
  return form;
}

const post = (client: TestClient, body: FormData) =>
  client.request("POST", "/admin/products", { body, headers: { origin: api.baseUrl, accept: "text/html" } });

const POMADE = { name: "Matt Pomade", price: "12.50", description: "Strong hold.", image: "" };

describe("/admin/products without JavaScript", () => {
  it("adds a product with an uploaded image, edits it and deletes it, each answered by a redirect", async () => {
    const created = await post(admin, productForm(POMADE, { name: "pomade.png", data: await png() }));
    expect(created.status, created.text).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/products?saved=created");
    const [media] = await listMedia(api.db);
    const [product] = await listProducts(api.db);
    expect(media!.name).toContain("pomade");
    expect(product).toMatchObject({ name: "Matt Pomade", price: 12.5, image: media!.url });

    // No new file: the image posted as the chosen address stays.
    const edited = await post(
      admin,
      productForm({ ...POMADE, id: String(product!.id), price: "14", image: media!.url }),
    );
    expect(edited.headers.get("location")).toBe("/admin/products?saved=updated");
    expect((await listProducts(api.db))[0]).toMatchObject({ price: 14, image: media!.url });

    const removed = await post(admin, productForm({ intent: "delete", id: String(product!.id) }));
    expect(removed.headers.get("location")).toBe("/admin/products?saved=deleted");
    expect(await listProducts(api.db)).toEqual([]);
  }, 120_000);

  it("refuses a file that is not an image, showing why and keeping what was typed", async () => {
    const refused = await post(admin, productForm(POMADE, { name: "notes.png", data: Buffer.from("not a picture") }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('value="Matt Pomade"');
    expect(await listProducts(api.db)).toEqual([]);
  }, 60_000);

  it("takes a file up to the upload limit from an admin only; past it, or from anyone else, 413", async () => {
    const big = { name: "big.png", data: new Uint8Array(1024 * 1024 + 10_000) };
    const overFile = await post(admin, productForm(POMADE, big));
    expect(overFile.status).toBe(413);
    expect(overFile.text).toContain("big.png is larger than the 1 MB limit per file");

    const overBody = await post(admin, productForm(POMADE, { name: "huge.png", data: new Uint8Array(1200 * 1024) }));
    expect(overBody.status).toBe(413);
    expect(overBody.text).toContain("The form sent was too large.");

    // Read no further than the text limit, then the page (behind the sign-in) sends them to the login.
    const anonymous = await post(
      api.anonymous(),
      productForm(POMADE, { name: "small.png", data: new Uint8Array(100_000) }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin");
    expect(await listProducts(api.db)).toEqual([]);
  }, 60_000);
});
