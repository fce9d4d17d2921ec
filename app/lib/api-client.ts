/** A failed call to our own /api, carrying the server's message for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    /** The rest of the answer's body: what the server adds for the caller to act on (e.g. `bookings`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function errorFrom(response: Response) {
  const text = await response.text();
  try {
    const { message, issues, ...details } = JSON.parse(text) as {
      message?: string;
      issues?: { path: string; message: string }[];
    };
    if (message) return new ApiError(response.status, message, issues, details);
  } catch {
    // Not JSON: fall through to the spec's "status: text" form.
  }
  const detail = response.status >= 500 ? response.statusText : text;
  return new ApiError(response.status, `${response.status}: ${detail}`);
}

/**
 * The browser's one way to call /api: sends the session cookie, sends and reads
 * JSON, and rejects on any non-OK answer with the server's message.
 */
export async function api<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  /** More headers, e.g. an Idempotency-Key. */
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: { accept: "application/json", ...headers } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
