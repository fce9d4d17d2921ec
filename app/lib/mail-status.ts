/*
 * What became of a mail the site meant to send (a booking's confirmation, a contact message
 * to the shop), worded one way on every screen. "not-configured": no mail server is set up
 * (SMTP_URL), so nothing was or will be sent.
 */
export const MAIL_STATUSES = ["pending", "sent", "failed", "not-configured"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_NOT_SET_UP = "Mail not set up";

export const MAIL_STATUS_BADGES: Record<MailStatus, { label: string; variant: "success" | "destructive" | "warning" }> =
  {
    sent: { label: "Mail sent", variant: "success" },
    failed: { label: "Mail failed", variant: "destructive" },
    pending: { label: "Mail pending", variant: "warning" },
    "not-configured": { label: MAIL_NOT_SET_UP, variant: "warning" },
  };

/** The badge of a stored status; the spec shows any status other than sent or failed in yellow, as pending. */
export const mailStatusBadge = (status: string) =>
  MAIL_STATUS_BADGES[status as MailStatus] ?? MAIL_STATUS_BADGES.pending;
