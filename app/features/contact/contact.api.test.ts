import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { closedSmtpUrl, startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { ContactSubmission } from "./contact.schema";
import { contactInbox } from "./contact.server";

const message = {
  name: "Jordan Patel",
  email: "jordan@example.com",
  phone: "07700 900123",
  message: "Do you do hot towel shaves on Saturdays?",
};

const SHOP_EMAIL = "shop@oldham-barbers.test";

describe("contact API without a mail server", () => {
  let api: TestApi;
  let admin: TestClient;

  beforeAll(async () => {
    api = await startTestApi({ env: { CONTACT_MAX_PER_HOUR: "1000", CONTACT_MAX_PER_EMAIL_PER_HOUR: "1000" } });
    admin = await api.admin();
  });
  afterAll(() => api.close());

  async function submissions(query = "") {
    const list = await admin.get<ContactSubmission[]>(`/api/contact/submissions${query}`);
    await expectDocumented(list);
    return list.body;
  }

  it("stores a message (mail not set up here) and lists it for the admin, newest first or oldest first", async () => {
    const first = await api.anonymous().post("/api/contact", message);
    await expectDocumented(first);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      ...message,
      status: "not-configured",
      createdAt: expect.any(String),
    });
    const second = await api.anonymous().post("/api/contact", { ...message, name: "Second Sender" });
    await expectDocumented(second);
    expect(second.status).toBe(201);

    const newest = await submissions();
    expect(newest.map((s) => s.id)).toEqual([second.body.id, first.body.id]);
    expect(newest[1]).toEqual(first.body);
    expect((await submissions("?sort=oldest")).map((s) => s.id)).toEqual([first.body.id, second.body.id]);
    expect((await admin.get("/api/contact/submissions?sort=sideways")).status).toBe(400);

    expect((await admin.delete(`/api/contact/submissions/${first.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/contact/submissions/${first.body.id}`)).status).toBe(404);
    expect((await admin.delete("/api/contact/submissions/x1")).status).toBe(404);
    expect((await submissions()).map((s) => s.id)).toEqual([second.body.id]);
    await admin.delete(`/api/contact/submissions/${second.body.id}`);
  });

  it("trims what it stores", async () => {
    const response = await api
      .anonymous()
      .post("/api/contact", { ...message, name: "  Jordan  ", email: " jordan@example.com " });
    expect(response.body).toMatchObject({ name: "Jordan", email: "jordan@example.com" });
    await admin.delete(`/api/contact/submissions/${response.body.id}`);
  });

  it.each([
    [{ name: "J" }, "Name must be at least 2 characters"],
    [{ name: undefined }, "Name must be at least 2 characters"],
    [{ email: "jordan@" }, "Invalid email address"],
    [{ phone: "0770090" }, "Phone number must be at least 10 digits"],
    [{ message: "Hi there" }, "Message must be at least 10 characters"],
    [{ message: "x".repeat(5001) }, "Message must be at most 5000 characters"],
  ])("refuses %j with the spec's message and stores nothing", async (patch, expected) => {
    const response = await api.anonymous().post("/api/contact", { ...message, ...patch });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(expected);
    expect(await submissions()).toHaveLength(0);
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const stored = (await api.anonymous().post("/api/contact", message)).body;
    const visitor = await api.visitor();
    for (const [client, expected] of [
      [api.anonymous(), 401],
      [visitor, 403],
    ] as const) {
      expect((await client.get("/api/contact/submissions")).status).toBe(expected);
      expect((await client.delete(`/api/contact/submissions/${stored.id}`)).status).toBe(expected);
    }
    expect((await submissions()).map((s) => s.id)).toEqual([stored.id]);
    await admin.delete(`/api/contact/submissions/${stored.id}`);
  });
});

describe("contact rate limit", () => {
  it("counts only messages that passed validation", async () => {
    const api = await startTestApi({ env: { CONTACT_MAX_PER_HOUR: "2" } });
    try {
      const visitor = api.anonymous();
      for (let i = 0; i < 4; i++)
        expect((await visitor.post("/api/contact", { ...message, email: "typo@" })).status).toBe(400);
      expect((await visitor.post("/api/contact", message)).status).toBe(201);
      expect((await visitor.post("/api/contact", message)).status).toBe(201);
      const refused = await visitor.post("/api/contact", message);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        "You have sent several messages recently. Please try again later or call us on 0161 624 9876.",
      );
      // Invalid input still hears what to fix rather than "too many".
      expect((await visitor.post("/api/contact", { ...message, phone: "123" })).status).toBe(400);
      const stored = await api.db.selectFrom("contact_submissions").select("id").execute();
      expect(stored).toHaveLength(2);
    } finally {
      await api.close();
    }
  });
});

describe("contact mail", () => {
  let sink: SmtpSink;
  let api: TestApi;
  let admin: TestClient;

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await startTestApi({
      env: { SMTP_URL: sink.url, SHOP_EMAIL, CONTACT_MAX_PER_HOUR: "1000", CONTACT_MAX_PER_EMAIL_PER_HOUR: "1000" },
    });
    admin = await api.admin();
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });

  it("refuses control characters in one-line fields, and quotes each line of the message in the mail", async () => {
    for (const [field, value, expected] of [
      [
        "name",
        "Jordan\r\nBcc: victim@example.net",
        "Name must be a single line, without line breaks or control characters",
      ],
      ["phone", "07700 900123\n", undefined],
      ["phone", "07700\t900123", "Phone number must be a single line, without line breaks or control characters"],
      ["message", "Hello there\u0007, any room?", "Message must not contain control characters"],
    ] as const) {
      const response = await api.anonymous().post("/api/contact", { ...message, [field]: value });
      if (expected === undefined) {
        // Surrounding white space is trimmed, not refused.
        expect(response.status).toBe(201);
        continue;
      }
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(expected);
    }

    const lines = ["Do you do hot towel shaves?", "Bcc: victim@example.net", "", "Thanks"];
    const response = await api.anonymous().post("/api/contact", { ...message, message: lines.join("\r\n") });
    expect(response.status).toBe(201);
    const text = sink.to(SHOP_EMAIL).at(-1)!.leaves[0]!.body.split(/\r?\n/);
    expect(text).toEqual(expect.arrayContaining(lines.map((line) => `> ${line}`)));
    expect(text.filter((line) => /^bcc:/i.test(line))).toEqual([]);
  });

  it("mails the message to the shop with Reply-To the visitor and records it as sent", async () => {
    const response = await api.anonymous().post("/api/contact", message);
    expect(response.status).toBe(201);
    expect(response.body.status).toBe("sent");
    const [mail] = sink.to(SHOP_EMAIL);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Website enquiry from Jordan Patel");
    expect(mail!.headers.get("reply-to")).toContain("jordan@example.com");
    const text = mail!.leaves[0]!.body;
    expect(text).toContain("Phone: 07700 900123");
    expect(text).toContain(message.message);
    const [listed] = (await admin.get("/api/contact/submissions")).body as ContactSubmission[];
    expect(listed).toMatchObject({ id: response.body.id, status: "sent" });
    expect(listed!.error).toBeUndefined();
  });

  it("keeps the message and records the failure when the mail server is down", async () => {
    const down = await startTestApi({ env: { SMTP_URL: await closedSmtpUrl(), SHOP_EMAIL } });
    try {
      const response = await down.anonymous().post("/api/contact", message);
      expect(response.status).toBe(201);
      expect(response.body.status).toBe("failed");
      expect(response.body.error).toBeUndefined();
      const owner = await down.admin();
      const [listed] = (await owner.get("/api/contact/submissions")).body as ContactSubmission[];
      expect(listed).toMatchObject({ ...message, status: "failed" });
      expect(listed!.error).toMatch(/ECONNREFUSED|connect/i);
      // The dashboard counts it as new, and as a failed mail.
      const weekAgo = new Date(Date.now() - 7 * 86_400_000);
      expect(await contactInbox(down.db, weekAgo)).toEqual({ newMessages: 1, failedMails: 1 });
      expect(await contactInbox(down.db, new Date(Date.now() + 60_000))).toEqual({ newMessages: 0, failedMails: 1 });
    } finally {
      await down.close();
    }
  });

  it("records a missing SHOP_EMAIL as a failure the admin can see", async () => {
    const noShop = await startTestApi({ env: { SMTP_URL: sink.url } });
    try {
      const response = await noShop.anonymous().post("/api/contact", message);
      expect(response.status).toBe(201);
      const [listed] = (await (await noShop.admin()).get("/api/contact/submissions")).body as ContactSubmission[];
      expect(listed).toMatchObject({ status: "failed", error: expect.stringContaining("SHOP_EMAIL is not set") });
    } finally {
      await noShop.close();
    }
  });
});
