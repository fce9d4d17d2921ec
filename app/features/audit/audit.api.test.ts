import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, startTestApi, type TestApi } from "../../../tests/support/test-app";
import type { AuditEntry } from "./audit.schema";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const SECRET_WORDS = ["deputy-secret-password", "owner-new-password", "Please call me back about my beard"];

describe("audit log", () => {
  it("records who wrote what and when, for every kind of admin write, without bodies or secrets", async () => {
    const owner = await api.admin();
    const started = new Date().toISOString();
    const faq = await owner.post("/api/faqs", { question: "Do you take cards?", answer: "Yes.", category: "Payments" });
    expect(faq.status).toBe(201);
    await owner.put(`/api/faqs/${faq.body.id}`, {
      question: "Do you take cards now?",
      answer: "Yes.",
      category: "Payments",
    });
    await owner.delete(`/api/faqs/${faq.body.id}`);
    const deputy = await owner.post("/api/accounts", {
      username: "deputy",
      password: "deputy-secret-password",
      currentPassword: TEST_ADMIN.password,
    });
    expect(deputy.status).toBe(201);
    await owner.put("/api/accounts/me/password", {
      currentPassword: TEST_ADMIN.password,
      newPassword: "owner-new-password",
    });
    const slot = await owner.post("/api/booking-slots", {
      dates: ["2099-01-05"],
      startTime: "10:00",
      endTime: "10:30",
    });
    expect(slot.status).toBe(201);
    // A refused write and a visitor's write are no admin writes; a sign-in is no write.
    expect((await owner.post("/api/faqs", { question: "", answer: "x", category: "General" })).status).toBe(400);
    await api.anonymous().post("/api/contact", {
      name: "A Customer",
      email: "customer@example.com",
      phone: "07123456789",
      message: SECRET_WORDS[2],
    });
    await api.anonymous().signIn({ username: "deputy", password: "deputy-secret-password" });

    const log = await owner.get<AuditEntry[]>("/api/audit");
    expect(log.status).toBe(200);
    const writes = log.body.filter((entry) => entry.kind !== "sign-in");
    const lines = writes.map((entry) => [entry.admin, entry.kind, entry.action, entry.targetLabel]);
    expect(lines).toEqual([
      [TEST_ADMIN.username, "booking-slots", "create", null],
      [TEST_ADMIN.username, "accounts", "change own password", null],
      [TEST_ADMIN.username, "accounts", "add admin", "deputy"],
      [TEST_ADMIN.username, "faqs", "delete", null],
      [TEST_ADMIN.username, "faqs", "update", "Do you take cards now?"],
      [TEST_ADMIN.username, "faqs", "create", "Do you take cards?"],
    ]);
    expect(writes[3]!.targetId).toBe(String(faq.body.id));
    for (const entry of writes) expect(entry.createdAt >= started).toBe(true);

    const stored = JSON.stringify(await api.db.selectFrom("audit_log").selectAll().execute());
    for (const secret of [...SECRET_WORDS, TEST_ADMIN.password]) expect(stored).not.toContain(secret);
  });

  it("filters by admin and by kind, newest first, and refuses a bad limit", async () => {
    const owner = await api.anonymous().signIn({ username: TEST_ADMIN.username, password: "owner-new-password" });
    const deputy = await api.anonymous().signIn({ username: "deputy", password: "deputy-secret-password" });
    await deputy.post("/api/faqs", { question: "Parking?", answer: "Behind the shop.", category: "General" });

    const byDeputy = await owner.get<AuditEntry[]>("/api/audit?admin=deputy");
    expect(byDeputy.body.map((entry) => [entry.admin, entry.kind, entry.targetLabel])).toEqual([
      ["deputy", "faqs", "Parking?"],
      ["deputy", "sign-in", null],
      ["deputy", "sign-in", null],
    ]);
    const faqs = await owner.get<AuditEntry[]>("/api/audit?kind=faqs");
    expect(faqs.body.map((entry) => entry.action)).toEqual(["create", "delete", "update", "create"]);
    const ownersFaqs = await owner.get<AuditEntry[]>(`/api/audit?kind=faqs&admin=${TEST_ADMIN.username}&limit=2`);
    expect(ownersFaqs.body.map((entry) => entry.action)).toEqual(["delete", "update"]);
    expect((await owner.get("/api/audit?limit=0")).status).toBe(400);
  });

  it("names the booking an admin made or cancelled by its reference, never by its customer", async () => {
    const owner = await api.anonymous().signIn({ username: TEST_ADMIN.username, password: "owner-new-password" });
    const service = await owner.post("/api/services", {
      title: "Audit Cut",
      price: 20,
      duration: 30,
      description: "Cut.",
      icon: "Scissors",
      category: "hair",
    });
    const [slot] = (
      await owner.post("/api/booking-slots", { dates: ["2099-01-12"], startTime: "11:00", endTime: "11:30" })
    ).body as Array<{ id: number }>;
    const booked = await owner.patch(`/api/booking-slots/${slot!.id}`, {
      customerName: "Phone Caller",
      customerEmail: "caller@example.com",
      customerPhone: "07911 123456",
      services: [String(service.body.id)],
    });
    expect(booked.status).toBe(200);
    expect((await owner.post(`/api/booking-slots/${slot!.id}/cancel`)).status).toBe(200);

    const log = await owner.get<AuditEntry[]>("/api/audit?kind=booking-slots&limit=2");
    expect(log.body.map((entry) => [entry.action, entry.targetLabel, entry.targetId])).toEqual([
      ["cancel booking", booked.body.reference, String(slot!.id)],
      ["book slot", booked.body.reference, String(slot!.id)],
    ]);
    expect(JSON.stringify(log.body)).not.toContain("caller@example.com");
    expect(JSON.stringify(log.body)).not.toContain("Phone Caller");
  });
});
