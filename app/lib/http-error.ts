/** An error a feature throws to answer the caller with a status and a message meant for people. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More fields for the JSON answer (the bookings a change would sit over). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string) => new HttpError(400, message);
