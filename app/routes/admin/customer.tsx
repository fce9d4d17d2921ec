import { Download, TriangleAlert, UserX } from "lucide-react";
import { useState } from "react";
import { redirect, useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Label, Textarea } from "~/components/ui/input";
import { RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { toast } from "~/components/ui/toast-store";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import {
  NO_SHOW_FLAG,
  attendanceSchema,
  customerNotesSchema,
  CUSTOMER_ID_PATTERN,
  customerPath,
  type Attendance,
  type CustomerBooking,
  type ErasureResult,
} from "~/features/customers/customers.schema";
import { customerOfKey, getCustomer, recordAttendance, saveCustomerNotes } from "~/features/customers/customers.server";
import { eraseCustomer } from "~/features/customers/erasure.server";
import { api } from "~/lib/api-client";
import { clockNow } from "~/lib/clock";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { parseRowId } from "~/lib/schema-fields";
import { formatPounds } from "~/lib/money";
import { pageData } from "~/lib/page-errors";
import { formatShopDate, formatShopInstant, formatTimeRange } from "~/lib/shop-time";
import { useAdminAction } from "~/lib/use-admin-action";
import type { Route } from "./+types/customer";
import { AdminPaymentActions, PaymentDoneNotice } from "~/features/payments/components/admin-payment-actions";
import { ownerPaymentsOf, paymentFormRedirect } from "~/features/payments/owner-payments.server";
import { MEMBERSHIP_STATUS_NAMES } from "~/features/memberships";

const SAVED_NOTICES: Record<string, string> = {
  notes: "Notes saved",
  attendance: "Attendance recorded",
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const url = new URL(request.url);
  // A record URL of before customers were rows (an address, a walk-in's key) goes on to the customer's number.
  if (!CUSTOMER_ID_PATTERN.test(params.key)) {
    const { id } = await pageData(customerOfKey(context.db, params.key));
    // Not 301: a browser would keep it for good, and an address can name a new customer after an erasure.
    return redirect(`${customerPath(id)}${url.search}`, 302);
  }
  const saved = url.searchParams.get("saved");
  const customer = await pageData(getCustomer(context.db, params.key));
  const payments = await ownerPaymentsOf(
    context,
    customer.history.map((booking) => booking.bookingId),
  );
  return {
    customer,
    payments,
    notice: saved !== null && Object.hasOwn(SAVED_NOTICES, saved) ? SAVED_NOTICES[saved]! : null,
  };
}

/**
 * The record's forms posted without JavaScript: the notes, an attendance mark, the erasure and the payment
 * actions, through the same schemas and feature functions as the API (PUT …/notes, PATCH /api/bookings/{id},
 * DELETE /api/customers/{key}, the charge and refund calls); then a redirect (303) to a page saying what happened.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const values = formTextValues(form);
  const page = customerPath(params.key);
  try {
    const paid = await paymentFormRedirect(context, form, page);
    if (paid) return paid;
    if (values.intent === "erase") {
      await eraseCustomer(context, params.key, clockNow());
      return redirect("/admin/customers?erased", 303);
    }
    if (values.intent === "attendance") {
      const { attendance } = attendanceSchema.parse({ attendance: values.attendance || null });
      await recordAttendance(context, parseRowId(values.bookingId ?? "") ?? 0, attendance, clockNow());
      return redirect(`${page}?saved=attendance`, 303);
    }
    const { notes } = customerNotesSchema.parse(values);
    await saveCustomerNotes(context.db, params.key, notes);
  } catch (error) {
    return formFailure(error, { values });
  }
  return redirect(`${page}?saved=notes`, 303);
}

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData?.customer.name || "Customer");

const ATTENDANCE_LABELS: Record<Attendance, string> = { attended: "Attended", "no-show": "No-show" };

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, notice, payments } = loaderData;
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  // After refused notes, what was typed.
  const [notes, setNotes] = useState(actionData?.values.notes ?? customer.notes);
  const base = `/api/customers/${encodeURIComponent(customer.key)}`;

  const saveNotes = (event: React.FormEvent) => {
    event.preventDefault();
    void run(() => api("PUT", `${base}/notes`, { notes }), { success: { title: "Notes saved" } });
  };

  const mark = (booking: CustomerBooking, attendance: Attendance | null) =>
    run(() => api("PATCH", `/api/bookings/${booking.bookingId}`, { attendance }), {
      success: { title: attendance ? `Marked as ${ATTENDANCE_LABELS[attendance].toLowerCase()}` : "Mark removed" },
    });

  const erase = async () => {
    const result = await run(() => api<ErasureResult>("DELETE", base));
    if (!result) return;
    toast({
      title: "Customer erased",
      description: `Personal data removed from ${result.erasedBookings} bookings and ${result.erasedMessages} messages${
        result.cancelledBookings
          ? `; ${result.cancelledBookings} upcoming bookings cancelled and the customer emailed`
          : ""
      }.`,
    });
    navigate("/admin/customers", { replace: true });
  };

  return (
    <AdminPage title={customer.name || customer.key}>
      <PaymentDoneNotice />
      {notice && !actionData && <SavedNotice>{notice}</SavedNotice>}
      {actionData && <RefusedNotice>{actionData.message}</RefusedNotice>}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle level={2}>Details</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              {customer.noShows >= NO_SHOW_FLAG && (
                <p className="flex items-center gap-2 font-semibold text-destructive">
                  <TriangleAlert className="size-4" aria-hidden />
                  Missed {customer.noShows} appointments
                </p>
              )}
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-semibold">Email:</dt>
                <dd className="break-all">
                  {customer.email ? (
                    <a className="text-accent-text underline" href={`mailto:${customer.email}`}>
                      {customer.email}
                    </a>
                  ) : (
                    "— (walk-in)"
                  )}
                </dd>
                <dt className="font-semibold">Phone:</dt>
                <dd>
                  {customer.phone ? (
                    <a className="text-accent-text underline" href={`tel:${customer.phone}`}>
                      {customer.phone}
                    </a>
                  ) : (
                    "—"
                  )}
                  {customer.textsStopped && <Badge className="ml-2">Texts stopped (STOP)</Badge>}
                </dd>
                <dt className="font-semibold">Texts:</dt>
                <dd>
                  {customer.textConsent
                    ? `Agreed ${formatShopInstant(customer.textConsent.at, "long")} (${customer.textConsent.source})`
                    : "Not agreed"}
                </dd>
                <dt className="font-semibold">Bookings:</dt>
                <dd>{customer.bookings}</dd>
                <dt className="font-semibold">No-shows:</dt>
                <dd>{customer.noShows}</dd>
                <dt className="font-semibold">Last visit:</dt>
                <dd>{customer.lastVisit ? formatShopDate(customer.lastVisit) : "—"}</dd>
                <dt className="font-semibold">Next visit:</dt>
                <dd>{customer.nextVisit ? formatShopDate(customer.nextVisit) : "—"}</dd>
                <dt className="font-semibold">Total spent:</dt>
                <dd className="tabular-nums">{formatPounds(customer.totalSpent)}</dd>
              </dl>
            </CardContent>
          </Card>

          {customer.memberships.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle level={2}>Membership</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2 text-sm">
                  {customer.memberships.map((membership) => (
                    <li key={membership.id}>
                      <span className="font-semibold">{membership.plan.name}</span> ·{" "}
                      {MEMBERSHIP_STATUS_NAMES[membership.status]}
                      {membership.cancelAtPeriodEnd ? " (ends at the period's end)" : ""} · {membership.visitsUsed} of{" "}
                      {membership.visitsPerMonth} visits used
                      {membership.periodEnd ? ` · paid to ${formatShopInstant(membership.periodEnd, "medium")}` : ""}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle level={2}>Private notes</CardTitle>
            </CardHeader>
            <CardContent>
              <form method="post" onSubmit={saveNotes} className="grid gap-3">
                <Label htmlFor="customer-notes" className="sr-only">
                  Private notes
                </Label>
                <Textarea
                  id="customer-notes"
                  name="notes"
                  rows={5}
                  maxLength={5000}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                  placeholder="Only you see these, e.g. how they like their cut."
                />
                <Button type="submit" disabled={pending} className="justify-self-start">
                  Save notes
                </Button>
              </form>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle level={2}>Their data</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p className="text-muted-foreground">
                A copy of everything held about this customer, or its erasure, as UK GDPR gives them the right to ask.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" asChild>
                  <a href={`${base}/export`} download>
                    <Download aria-hidden />
                    Export data
                  </a>
                </Button>
                {/* Hydrated, the button asks first and the form never submits; without JavaScript it erases. */}
                <form method="post" onSubmit={(event) => event.preventDefault()}>
                  <input type="hidden" name="intent" value="erase" />
                  <ConfirmDialog
                    trigger={
                      <Button type="submit" variant="destructive" disabled={pending}>
                        <UserX aria-hidden />
                        Erase customer
                      </Button>
                    }
                    title="Erase this customer?"
                    description={`Their upcoming bookings are cancelled (they are emailed), then the name, email, phone, notes and messages of ${customer.name || customer.key} are erased for good. Dates, services and totals stay for your figures.`}
                    confirmLabel="Erase"
                    onConfirm={() => void erase()}
                  />
                </form>
              </div>
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle level={2}>Bookings</CardTitle>
            </CardHeader>
            <CardContent>
              {customer.history.length === 0 ? (
                <p className="text-sm text-muted-foreground">No bookings.</p>
              ) : (
                <ul className="grid gap-3" aria-label="Bookings">
                  {customer.history.map((booking) => (
                    <li key={booking.bookingId} className="grid gap-2 rounded-md border border-border p-3 text-sm">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="font-semibold">
                          {formatShopDate(booking.date)}, {formatTimeRange(booking.startTime, booking.endTime)}
                        </p>
                        <div className="flex flex-wrap gap-2">
                          <span className="font-mono text-xs font-semibold">{booking.reference}</span>
                          {booking.status === "cancelled" && <Badge>Cancelled</Badge>}
                          {booking.status === "awaiting_payment" && <Badge variant="warning">Awaiting payment</Badge>}
                          {booking.status === "expired" && <Badge>Expired unpaid</Badge>}
                          {booking.attendance && (
                            <Badge variant={booking.attendance === "no-show" ? "destructive" : "success"}>
                              {ATTENDANCE_LABELS[booking.attendance]}
                            </Badge>
                          )}
                        </div>
                      </div>
                      <p className="text-muted-foreground">
                        {booking.services.join(", ") || "—"} ·{" "}
                        <span className="tabular-nums">{formatPounds(booking.total)}</span>
                        {booking.smsConsent && " · texts on"}
                      </p>
                      <AdminPaymentActions
                        bookingId={booking.bookingId}
                        payment={payments[booking.bookingId]}
                        who={`${formatShopDate(booking.date)} ${booking.startTime}`}
                      />
                      {booking.canRecordAttendance && (
                        <form
                          method="post"
                          className="flex flex-wrap gap-2"
                          role="group"
                          aria-label={`Attendance on ${formatShopDate(booking.date)}`}
                        >
                          <input type="hidden" name="intent" value="attendance" />
                          <input type="hidden" name="bookingId" value={booking.bookingId} />
                          {(["attended", "no-show"] as const).map((value) => (
                            <Button
                              key={value}
                              type="submit"
                              name="attendance"
                              // Pressed again, the mark is taken back.
                              value={booking.attendance === value ? "" : value}
                              size="sm"
                              variant={booking.attendance === value ? "default" : "outline"}
                              aria-pressed={booking.attendance === value}
                              disabled={pending}
                              onClick={(event) => {
                                event.preventDefault();
                                void mark(booking, booking.attendance === value ? null : value);
                              }}
                            >
                              {ATTENDANCE_LABELS[value]}
                            </Button>
                          ))}
                        </form>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle level={2}>Contact messages</CardTitle>
            </CardHeader>
            <CardContent>
              {customer.messages.length === 0 ? (
                <p className="text-sm text-muted-foreground">No messages.</p>
              ) : (
                <ul className="grid gap-3" aria-label="Contact messages">
                  {customer.messages.map((message) => (
                    <li key={message.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
                      <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                        {formatShopInstant(message.createdAt, "medium", { withTime: true })}
                      </time>
                      <p className="whitespace-pre-line">{message.message}</p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </AdminPage>
  );
}
