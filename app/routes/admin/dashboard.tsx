import { LogOut, Mail, MailWarning } from "lucide-react";
import { Link, redirect, useRevalidator } from "react-router";
import { adminMeta } from "~/components/layout/admin-page";
import { ADMIN_SECTIONS } from "~/components/layout/admin-sections";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/toast-store";
import { INVALID_CODE, loginSchema, verifyLoginSchema } from "~/features/auth/auth.schema";
import { AdminLoginForm, VERIFY_INTENT, type LoginFormResult } from "~/features/auth/components/admin-login-form";
import { signIn, verifySignIn } from "~/features/auth/sign-in.server";
import { listAdminSlots } from "~/features/booking/slots.server";
import { UpcomingAppointments } from "~/features/booking/components/upcoming-appointments";
import { contactInbox } from "~/features/contact/contact.server";
import { formFailure } from "~/lib/form-action.server";
import { api } from "~/lib/api-client";
import { MAIL_NOT_SET_UP } from "~/lib/mail-status";
import { clockNow } from "~/lib/clock";
import { formatPounds } from "~/lib/money";
import { membershipFigures } from "~/features/memberships/index.server";
import { monthMoney } from "~/features/payments/money-ledger.server";
import { addDays, shopToday } from "~/lib/shop-time";
import { nextUndecided } from "~/features/settings/bank-holidays";
import { loadBankHolidays } from "~/features/settings/bank-holidays.server";
import { BankHolidayNudge } from "~/features/settings/components/bank-holidays-panel";
import { presetPeriod } from "~/features/reports/reports.schema";
import { reportSummary } from "~/features/reports/reports.server";
import { formatRate } from "~/features/reports/components/headline";
import type { Route } from "./+types/dashboard";

/** Today and the six days after it: the week the owner plans. */
const UPCOMING_DAYS = 7;
/** Without a "read" mark, a message counts as new for its first week. */
const NEW_MESSAGE_DAYS = 7;
const DAY_MS = 86_400_000;

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user?.isAdmin) return { admin: null };
  const today = shopToday();
  const [slots, inbox, money, holidays, settings, week, memberships] = await Promise.all([
    listAdminSlots(context.db, { from: today }),
    contactInbox(context.db, new Date(clockNow().getTime() - NEW_MESSAGE_DAYS * DAY_MS)),
    monthMoney(context.db),
    loadBankHolidays(context.db, today),
    context.settings(),
    reportSummary(context, presetPeriod("week", today)),
    membershipFigures(context.db),
  ]);
  // Asked about once customers can book it: inside the booking horizon.
  const holiday = nextUndecided(holidays);
  const bookable = holiday && holiday.date <= addDays(today, settings.bookingHorizonWeeks * 7);
  const booked = slots.filter((slot) => slot.status === "booked");
  return {
    admin: {
      username: user.username,
      today,
      upcoming: booked.filter((slot) => slot.date <= addDays(today, UPCOMING_DAYS - 1)),
      newMessages: inbox.newMessages,
      failedMails: {
        contact: inbox.failedMails,
        bookings: booked.filter((slot) => slot.mailStatus === "failed").length,
      },
      mailEnabled: context.mailer.enabled,
      money,
      memberships,
      undecidedHoliday: bookable ? holiday : null,
      week: { net: week.takings.net, noShowRate: week.noShowRate, utilisation: week.utilisation.overall },
    },
  };
}

type Overview = NonNullable<Route.ComponentProps["loaderData"]["admin"]>;

/**
 * The login form posted without JavaScript (or before the page hydrated): the same schemas and sign-in
 * functions as POST /api/login and /api/login/verify. Success redirects to /admin with the session
 * cookie, so a reload never posts the password again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const cookieHeader = request.headers.get("cookie") ?? undefined;
  const verifying = form.intent === VERIFY_INTENT;
  const username = typeof form.username === "string" ? form.username : undefined;
  try {
    const signedIn = verifying
      ? await verifySignIn(context, verifyLoginSchema.parse(form), context.clientKey, cookieHeader)
      : await signIn(context, loginSchema.parse(form), context.clientKey, cookieHeader);
    if ("twoFactorRequired" in signedIn) {
      return { step: "code", pendingLogin: signedIn.pendingLogin } satisfies LoginFormResult;
    }
    const headers = new Headers();
    for (const cookie of signedIn.cookies) headers.append("Set-Cookie", cookie);
    return redirect("/admin", { headers });
  } catch (error) {
    const pendingLogin = typeof form.pendingLogin === "string" ? form.pendingLogin : undefined;
    // A wrong code leaves the pending sign-in open for another try; any other refusal starts again.
    const retryCode = verifying && error instanceof Error && error.message === INVALID_CODE;
    const result: LoginFormResult = retryCode ? { step: "code", pendingLogin } : { step: "password", username };
    return formFailure(error, result);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData?.admin ? "Admin Dashboard" : "Admin Login");

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.admin) return <AdminLoginForm key={actionData?.pendingLogin} result={actionData} />;
  return <Dashboard overview={loaderData.admin} />;
}

function Dashboard({ overview }: { overview: Overview }) {
  const {
    username,
    today,
    upcoming,
    newMessages,
    failedMails,
    mailEnabled,
    money,
    memberships,
    undecidedHoliday,
    week,
  } = overview;
  const { revalidate } = useRevalidator();

  const logout = async () => {
    try {
      await api("POST", "/api/logout");
    } catch (error) {
      toast({
        title: "Error",
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
      return;
    }
    await revalidate();
  };

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-24 noscript:max-xl:pt-8 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">
            Signed in as <span className="font-semibold text-foreground">{username}</span>
          </p>
        </div>
        <Button variant="outline" onClick={logout}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </div>
      {!mailEnabled && <MailNotSetUpBanner />}
      {undecidedHoliday && <BankHolidayNudge holiday={undecidedHoliday} />}
      {(money.deposits > 0 || money.fees > 0 || money.refunds > 0) && (
        <p className="mb-6 text-sm" data-testid="month-money">
          This month: <strong>{formatPounds(money.deposits)}</strong> in deposits and prepayments,{" "}
          <strong>{formatPounds(money.fees)}</strong> in no-show fees, <strong>{formatPounds(money.refunds)}</strong>{" "}
          refunded
          {money.kept > 0 && (
            <>
              , <strong>{formatPounds(money.kept)}</strong> of deposits kept
            </>
          )}
          .
        </p>
      )}
      {(memberships.activeMembers > 0 || memberships.income > 0) && (
        <p className="mb-6 text-sm" data-testid="month-memberships">
          Memberships: <strong>{memberships.activeMembers}</strong> active{" "}
          {memberships.activeMembers === 1 ? "member" : "members"}, <strong>{formatPounds(memberships.income)}</strong>{" "}
          taken this month.
        </p>
      )}
      <WeekFigures week={week} />
      <div className="mb-10 grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight">Appointments</h2>
            <p className="text-sm text-muted-foreground">Today and the next {UPCOMING_DAYS - 1} days.</p>
          </CardHeader>
          <CardContent>
            <UpcomingAppointments slots={upcoming} today={today} days={UPCOMING_DAYS} />
          </CardContent>
        </Card>
        <div className="grid content-start gap-4">
          <CountCard
            to="/admin/contact"
            icon={Mail}
            count={newMessages}
            label={newMessages === 1 ? "new message" : "new messages"}
            detail={`Sent through the contact form in the last ${NEW_MESSAGE_DAYS} days.`}
          />
          <CountCard
            to={failedMails.bookings > 0 || failedMails.contact === 0 ? "/admin/bookings" : "/admin/contact"}
            icon={MailWarning}
            count={failedMails.contact + failedMails.bookings}
            label={failedMails.contact + failedMails.bookings === 1 ? "failed mail" : "failed mails"}
            detail={
              failedMails.contact + failedMails.bookings === 0
                ? "Every mail the site tried to send went out."
                : `${failedMails.bookings} to customers of coming appointments, ${failedMails.contact} of contact messages to the shop.`
            }
            urgent={failedMails.contact + failedMails.bookings > 0}
          />
        </div>
      </div>
      <h2 className="mb-4 text-2xl font-semibold">Manage</h2>
      <nav aria-label="Management sections">
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
          {ADMIN_SECTIONS.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              {/* A compact row on phones, a tile from sm up. */}
              <Link
                to={to}
                className="group grid h-full grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1 rounded-[var(--radius-card)] border border-border bg-card p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:grid-cols-1 sm:content-start sm:gap-y-3 sm:p-5"
              >
                <span className="row-span-2 grid size-11 place-items-center rounded-lg bg-muted text-accent-text transition-colors group-hover:bg-accent group-hover:text-accent-foreground sm:row-span-1">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="font-display text-xl font-semibold">{title}</span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

/** A number the owner may have to act on, linking to where to act. */
function CountCard({
  to,
  icon: Icon,
  count,
  label,
  detail,
  urgent = false,
}: {
  to: string;
  icon: typeof Mail;
  count: number;
  label: string;
  detail: string;
  urgent?: boolean;
}) {
  return (
    <Link
      to={to}
      className="grid grid-cols-[auto_1fr] items-center gap-x-4 rounded-[var(--radius-card)] border border-border bg-card p-4 shadow-sm transition hover:border-accent hover:shadow-md motion-reduce:transition-none"
    >
      <span
        className={
          urgent
            ? "grid size-11 place-items-center rounded-lg bg-red-100 text-destructive"
            : "grid size-11 place-items-center rounded-lg bg-muted text-accent-text"
        }
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <span>
        <span className="font-display text-2xl font-semibold tabular-nums">{count}</span>{" "}
        <span className="font-semibold">{label}</span>
        <span className="block text-sm text-muted-foreground">{detail}</span>
      </span>
    </Link>
  );
}

/** Said once, plainly, with what still works and how to switch mail on. */
function MailNotSetUpBanner() {
  return (
    <section
      aria-labelledby="mail-not-set-up"
      className="mb-6 flex gap-3 rounded-[var(--radius-card)] border border-yellow-300 bg-yellow-50 p-4 text-sm"
    >
      <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-yellow-800" />
      <div className="grid gap-1">
        <h2 id="mail-not-set-up" className="font-sans text-base font-semibold tracking-normal">
          {MAIL_NOT_SET_UP}
        </h2>
        <p>
          No mail server is set up, so customers get no confirmation or cancellation by mail and contact messages are
          not forwarded to you. Everything is still saved here: see the{" "}
          <Link to="/admin/calendar" className="font-semibold underline">
            Calendar
          </Link>{" "}
          and{" "}
          <Link to="/admin/contact" className="font-semibold underline">
            Contact Submissions
          </Link>
          . To send mail, set the outgoing mail server under{" "}
          <Link to="/admin/settings#mail" className="font-semibold underline">
            Shop Settings
          </Link>{" "}
          (or <code>SMTP_URL</code> in the site&apos;s <code>.env</code>), and <code>SHOP_EMAIL</code> for the
          shop&apos;s copies.
        </p>
      </div>
    </section>
  );
}

/** This week's takings, no-show rate and utilisation beside today's appointments (issue 32). */
function WeekFigures({ week }: { week: Overview["week"] }) {
  const figures = [
    ["Takings this week", formatPounds(week.net)],
    ["No-show rate", formatRate(week.noShowRate)],
    ["Utilisation", formatRate(week.utilisation)],
  ] as const;
  return (
    <section aria-labelledby="week-figures" className="mb-6">
      <h2 id="week-figures" className="sr-only">
        This week
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-[var(--radius-card)] border border-border bg-card p-3">
            <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        <Link className="underline" to="/admin/reports?period=week">
          This week&apos;s reports
        </Link>
      </p>
    </section>
  );
}
