import http from "node:http";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../tests/support/bookings";
import { startTestApi, type TestApi } from "../tests/support/test-app";

/*
 * Page forms are read under a 64 kB limit before any action parses them: a huge post is refused with the
 * site's error page (413) long before it is received, and the server holds no more than the limit.
 */

const FIFTY_MB = 50 * 1024 * 1024;
/*
 * A server that read the whole body would hold all 50 MB (and be sent all of it). One that refuses at the limit still
 * leaves the chunks it drained as garbage until V8 sweeps them, which it may put off for tens of megabytes: 35 MB
 * was seen on a loaded machine. The memory is read after a full collection, and the bound sits between the two.
 */
const MOST_GROWTH = 45 * 1024 * 1024;
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const CHUNK = Buffer.alloc(64 * 1024, "a");

let api: TestApi;
let managePath: string;

beforeAll(async () => {
  api = await startTestApi({
    pages: true,
    env: { CONTACT_MAX_PER_HOUR: "1000", CONTACT_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  const booking = await bookAppointment(api.db, {
    date: addDays(shopToday(), 10),
    email: "sam@example.test",
    serviceIds: [await addService(api.db)],
  });
  managePath = `/bookings/manage/${booking.manageToken}`;
  // Renders each page and its 413 once, so the measurements below do not count Vite compiling them.
  for (const path of ["/contact", "/bookings", managePath]) {
    await api.anonymous().get(path);
    await api.anonymous().request("POST", path, {
      body: `message=${"a".repeat(70_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });
  }
}, 120_000);
afterAll(() => api.close());

interface Answer {
  status: number;
  body: string;
  /** How many bytes of the body were written before the answer came. */
  sent: number;
}

/**
 * Posts a form of 50 MB, in 64 kB chunks written as the server takes them, with its length declared or
 * streamed without one; stops writing once the server answers.
 */
function postHuge(path: string, declareLength: boolean) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${api.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: api.baseUrl,
        accept: "text/html",
        ...(declareLength ? { "content-length": String(FIFTY_MB + "message=".length) } : {}),
      },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
    });
    // The server may close the connection on the rest of the upload once it has answered.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < FIFTY_MB) {
        sent += CHUNK.length;
        if (!request.write(sent === CHUNK.length ? Buffer.concat([Buffer.from("message="), CHUNK]) : CHUNK)) {
          return void request.once("drain", write);
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe("a form post of 50 MB to a page", () => {
  for (const declareLength of [true, false]) {
    it(`is refused with 413 and the error page within a second (${declareLength ? "length declared" : "streamed"})`, async () => {
      for (const path of ["/contact", "/bookings", managePath]) {
        collectGarbage();
        const rssBefore = process.memoryUsage().rss;
        const started = performance.now();
        const answer = await postHuge(path, declareLength);
        const elapsed = performance.now() - started;
        const grown = process.memoryUsage().rss - rssBefore;

        expect(answer.status, path).toBe(413);
        expect(answer.body).toContain("The form sent was too large.");
        expect(answer.body).toContain("Back to the home page");
        expect(elapsed).toBeLessThan(1000);
        expect(answer.sent).toBeLessThan(FIFTY_MB);
        expect(grown).toBeLessThan(MOST_GROWTH);
      }
    });
  }

  it("still reaches the action when it is within the limit, and shows back only the form's own fields", async () => {
    const page = await api.anonymous().request("POST", "/contact", {
      body: new URLSearchParams({ name: "Sam", email: "not-an-address", message: "short", injected: "<b>echo-me</b>" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });
    expect(page.status).toBe(400);
    expect(page.text).toContain("Invalid email address");
    expect(page.text).not.toContain("echo-me");
  });
});

describe("a post to a page that is not a form", () => {
  const postAs = (path: string, contentType: string | undefined, body: string) =>
    api.anonymous().request("POST", path, {
      body,
      headers: { ...(contentType ? { "content-type": contentType } : {}), origin: api.baseUrl, accept: "text/html" },
    });

  it("is refused with 415, or 400 for a broken multipart body, and the error page: never a server error", async () => {
    for (const path of ["/contact", "/bookings", "/account", managePath]) {
      for (const [contentType, body] of [
        ["application/json", '{"name":"Sam"}'],
        ["text/plain", "name=Sam"],
        [undefined, "name=Sam"],
      ] as const) {
        const answer = await postAs(path, contentType, body);
        expect(answer.status, `${path} ${contentType}`).toBe(415);
        expect(answer.text).toContain("The form was not sent as a form.");
      }
      const broken = await postAs(path, "multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-da");
      expect(broken.status, `${path} broken multipart`).toBe(400);
      expect(broken.text).toContain("The form sent could not be read.");
    }
  });

  it("reads an empty post as an empty form: the action answers it as it would a form with nothing filled in", async () => {
    const empty = await postAs("/contact", undefined, "");
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Invalid email address");
  });
});

describe("a post to a page that has no action", () => {
  it("answers 405, and logs no error carrying the private link it was sent to", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await api.anonymous().request("POST", `${managePath}/cancel`, {
        body: "intent=cancel",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
      });
      expect(answer.status).toBe(405);
      const token = managePath.split("/").at(-1)!;
      const loggedText = logged.mock.calls.flat().map((arg) => `${JSON.stringify(arg)} ${String(arg)}`);
      expect(loggedText.filter((text) => text.includes(token))).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });
});
