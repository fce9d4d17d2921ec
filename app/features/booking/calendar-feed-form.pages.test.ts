import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, startTestApi, type TestApi } from "../../../tests/support/test-app";

/*
 * A new calendar feed address, as the shop's PUBLIC_URL makes it (https on a live shop), shown once with a
 * webcal:// link and a QR code of it, so a barber can subscribe on their phone (issue 30).
 */

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ pages: true, env: { PUBLIC_URL: "https://shop.example" } });
}, 120_000);
afterAll(() => api.close());

describe("the calendar page's feed form", () => {
  it("shows the new address with PUBLIC_URL's scheme, as a webcal:// link and as a QR code", async () => {
    const login = await fetch(`${api.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(TEST_ADMIN),
    });
    const session = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const posted = await fetch(`${api.baseUrl}/admin/calendar`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl },
      body: new URLSearchParams({ intent: "feed", memberId: "shop", back: "/admin/calendar" }),
    });
    expect(posted.status).toBe(303);
    const flash = posted.headers.getSetCookie()[0]!.split(";")[0]!;
    const html = await (
      await fetch(`${api.baseUrl}/admin/calendar`, { headers: { cookie: `${session}; ${flash}` } })
    ).text();

    const address = /value="(https:\/\/shop\.example\/api\/calendar-feeds\/([\w-]+)\.ics)"/.exec(html);
    expect(address, "the https address to copy").not.toBeNull();
    expect(html).toContain(`href="webcal://shop.example/api/calendar-feeds/${address![2]}.ics"`);
    expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"[^>]*alt="QR code: scan it/);
    expect(html).not.toContain("http://shop.example");
  }, 120_000);
});
