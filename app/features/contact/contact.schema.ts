import { MAIL_STATUSES, type MailStatus } from "~/lib/mail-status";
import { z } from "zod";
import { multiLine, oneLine } from "~/lib/schema-fields";
import { customerNameField } from "~/features/customers";

/* The contact form's rules (spec section 5), shared by the page's form and POST /api/contact. */

const EMAIL_MESSAGE = "Invalid email address";
const PHONE_MESSAGE = "Phone number must be at least 10 digits";
const MESSAGE_MESSAGE = "Message must be at least 10 characters";
const PHONE_LINE_MESSAGE = "Phone number must be a single line, without line breaks or control characters";

export const contactMessageSchema = z.object({
  name: customerNameField,
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  phone: oneLine(
    z
      .string({ error: PHONE_MESSAGE })
      .trim()
      .min(10, PHONE_MESSAGE)
      .max(30, "Phone number must be at most 30 characters"),
    PHONE_LINE_MESSAGE,
  ),
  message: multiLine(
    z
      .string({ error: MESSAGE_MESSAGE })
      .trim()
      .min(10, MESSAGE_MESSAGE)
      .max(5000, "Message must be at most 5000 characters"),
    "Message must not contain control characters",
  ),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/**
 * "sent" and "failed" after a mail attempt; "pending" while stored but not (yet) mailed;
 * "not-configured" when no mail server is set up, so it never will be (see ~/lib/mail-status).
 */
export type ContactStatus = MailStatus;

export const contactSubmissionSchema = contactMessageSchema.extend({
  id: z.int(),
  status: z.enum(MAIL_STATUSES),
  /** Why the mail failed: for the admin list only. */
  error: z.string().optional(),
  createdAt: z.string(),
});
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;

export const SUBMISSION_SORTS = ["newest", "oldest"] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];

/** The query string of the admin's submission list (page and API): newest first unless asked. */
export const submissionListQuerySchema = z.object({
  sort: z.enum(SUBMISSION_SORTS, { error: `sort must be one of: ${SUBMISSION_SORTS.join(", ")}` }).default("newest"),
});
