/** An error a feature throws to answer the caller with a status and a message meant for people. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More for the caller to act on (e.g. the bookings a closure would strand), answered beside the message. */
    readonly details: Record<string, unknown> = {},
    /**
     * The input field the refusal is about (e.g. `startTime` for "nobody is free at 14:00"): the API answers it
     * as an issue with that path and a page's form shows the message beside that field, not only at the top.
     */
    readonly field?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string, field?: string) => new HttpError(409, message, {}, field);
export const badRequest = (message: string, field?: string) => new HttpError(400, message, {}, field);
