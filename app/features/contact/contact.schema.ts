import { z } from "zod";

/* The contact form's rules (spec section 5), shared by the page's form and POST /api/contact. */

const NAME_MESSAGE = "Name must be at least 2 characters";
const EMAIL_MESSAGE = "Invalid email address";
const PHONE_MESSAGE = "Phone number must be at least 10 digits";
const MESSAGE_MESSAGE = "Message must be at least 10 characters";

export const contactMessageSchema = z.object({
  name: z.string({ error: NAME_MESSAGE }).trim().min(2, NAME_MESSAGE).max(100, "Name must be at most 100 characters"),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
  phone: z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .min(10, PHONE_MESSAGE)
    .max(30, "Phone number must be at most 30 characters"),
  message: z
    .string({ error: MESSAGE_MESSAGE })
    .trim()
    .min(10, MESSAGE_MESSAGE)
    .max(5000, "Message must be at most 5000 characters"),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** "sent" and "failed" after a mail attempt; "pending" while stored but not (yet) mailed. */
export type ContactStatus = "pending" | "sent" | "failed";

export interface ContactSubmission extends ContactMessage {
  id: number;
  status: ContactStatus;
  error?: string;
  createdAt: string;
}

export const SUBMISSION_SORTS = ["newest", "oldest"] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];
