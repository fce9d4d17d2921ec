import { z } from "zod";

const filter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => value || undefined);

/** The filters of /admin/activity and GET /api/audit: an admin's username, a kind (resource) and how many. */
export const auditQuerySchema = z.object({
  admin: filter,
  kind: filter,
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 500" })
    .int("limit must be a whole number from 1 to 500")
    .min(1, "limit must be a whole number from 1 to 500")
    .max(500, "limit must be a whole number from 1 to 500")
    .default(100),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** One admin write or sign-in: who, what (kind, action, target), from where and when. Never a request body. */
export const auditEntrySchema = z.object({
  id: z.int(),
  admin: z.string(),
  kind: z.string(),
  action: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  /** The client address of a sign-in (an IPv6 one as its /64); null for other entries. */
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
