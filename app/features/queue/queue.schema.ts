import { z } from "zod";
import { bookingRequestSchema, walkInSchema } from "~/features/booking";

/* The walk-in queue (issue 33, decision 055): the join form and API body, the answers. Browser-safe. */

export const QUEUE_STATUSES = ["waiting", "called", "serving", "done", "left", "removed"] as const;
export type QueueStatusName = (typeof QUEUE_STATUSES)[number];

export const TEXT_NEEDS_PHONE_MESSAGE = "Please enter your mobile number, or untick the text";

const blankIsUnset = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), field.optional());

/** POST /api/queue and the join form: the booking's fields and messages, a phone and e-mail only if given. */
export const queueJoinSchema = z
  .object({
    name: bookingRequestSchema.shape.customerName,
    phone: walkInSchema.shape.customerPhone,
    email: blankIsUnset(bookingRequestSchema.shape.customerEmail),
    smsConsent: bookingRequestSchema.shape.smsConsent,
    serviceIds: bookingRequestSchema.shape.services,
    memberId: walkInSchema.shape.memberId,
  })
  .refine((entry) => !entry.smsConsent || entry.phone !== undefined, {
    message: TEXT_NEEDS_PHONE_MESSAGE,
    path: ["phone"],
  });
export type QueueJoinInput = z.input<typeof queueJoinSchema>;
export type QueueJoin = z.output<typeof queueJoinSchema>;

/** POST /api/queue/{id}/serve: the chair, when the owner picks another than the queue's estimate. */
export const queueServeSchema = z.object({ memberId: walkInSchema.shape.memberId }).default({ memberId: undefined });

const barberWait = z.object({
  memberId: z.int().nullable().describe("null: the first free barber"),
  name: z.string(),
  waitMinutes: z.int(),
});

/** GET /api/queue: whether the queue takes names, and the waits a newcomer would have. */
export const queueStateSchema = z.object({
  open: z.boolean(),
  reason: z.string().optional().describe("Why the queue does not take names now, in words"),
  waiting: z.int().describe("How many are waiting"),
  estimates: z.array(barberWait).describe("Per barber working today, in the team's order"),
  anyoneWaitMinutes: z.int().nullable().describe("With the first free barber; null when nobody can fit anyone today"),
});
export type QueueState = z.infer<typeof queueStateSchema>;

/** GET /api/queue/{token}: the customer's own place. */
export const queueEntryStatusSchema = z.object({
  status: z.enum(QUEUE_STATUSES),
  position: z.int().nullable().describe("1 for the next one up; null once no longer waiting"),
  estimatedStart: z.string().nullable().describe("HH:mm today, shop time; null when not waiting or no time fits today"),
  waitMinutes: z.int().nullable(),
  memberId: z.int().nullable(),
  name: z.string(),
});
export type QueueEntryStatus = z.infer<typeof queueEntryStatusSchema>;

export const queueJoinedSchema = z.object({
  token: z.string(),
  position: z.int(),
  estimatedStart: z.string().nullable(),
  waitMinutes: z.int().nullable(),
  status: z.literal("waiting"),
  statusUrl: z.string(),
});

/** GET /api/queue/entries (admin): one row of the day's queue. */
export const queueEntrySchema = z.object({
  id: z.int(),
  name: z.string(),
  phone: z.string(),
  services: z.array(z.string()),
  memberId: z.int().nullable().describe("The barber asked for; null: first free"),
  memberName: z.string().nullable(),
  status: z.enum(QUEUE_STATUSES),
  position: z.int().nullable(),
  estimatedStart: z.string().nullable(),
  waitMinutes: z.int().nullable(),
  estimatedMemberId: z.int().nullable().describe("The barber the estimate (or the call) puts them with"),
  bookingId: z.int().nullable(),
  joinedAt: z.string(),
  calledAt: z.string().nullable(),
  servedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** "Sam Taylor" → "Sam T.": all the TV at the door shows of a customer. */
export function displayName(name: string) {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export const queueStatusPath = (token: string) => `/queue/${token}`;
