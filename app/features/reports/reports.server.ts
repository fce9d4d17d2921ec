import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { listTeam } from "~/features/team/index.server";
import { toPounds } from "~/lib/money";
import { appointmentFigures } from "./appointments.server";
import { commissionPence, datesOf, periodInstants, rentPeriodsStarting } from "./report-figures";
import type { PayLine, Period, Summary, SummaryQuery, Takings } from "./reports.schema";
import { netOf, type TakingsTally } from "./takings-tally";
import { takingsOf } from "./takings.server";
import { membershipFigures } from "~/features/memberships/index.server";

/*
 * GET /api/reports/summary and /pay (issue 32, decision 054): the figures of a period, money in pounds, rates
 * with four decimals. `memberId` narrows the appointment figures to one barber; takings stay the shop's.
 */

function takingsOfTally(tally: TakingsTally, names: Map<number, { name: string }>): Takings {
  const pounds = <K extends string>(record: Record<K, number>) =>
    Object.fromEntries(Object.entries<number>(record).map(([key, pence]) => [key, toPounds(pence)])) as Record<
      K,
      number
    >;
  return {
    ...pounds(tally.kinds),
    net: toPounds(tally.netPence),
    byMethod: pounds(tally.methods),
    byMember: [...tally.members]
      .map(([memberId, figures]) => ({
        memberId,
        name: names.get(memberId)?.name ?? "Former team member",
        ...pounds(figures),
      }))
      .toSorted((a, b) => a.memberId - b.memberId),
  };
}

const dayNet = (tally: TakingsTally, date: string) => {
  const day = tally.days.get(date);
  return day ? netOf(day) : 0;
};

/** What the figures are read with: the database and the request's (or page load's) settings. */
export type ReportsCtx = Pick<RequestContext, "db" | "settings">;

export async function reportSummary(ctx: ReportsCtx, query: SummaryQuery): Promise<Summary> {
  return (await summaryAndTally(ctx, query)).summary;
}

/** The summary and the takings it was added up from (the CSV's days want their kinds). */
export async function summaryAndTally(
  ctx: ReportsCtx,
  query: SummaryQuery,
): Promise<{ summary: Summary; tally: TakingsTally }> {
  const period = { from: query.from, to: query.to };
  const { start, end } = periodInstants(period);
  const [rules, team] = await Promise.all([ctx.settings(), listTeam(ctx.db)]);
  const names = new Map(team.map((member) => [member.id, member]));
  const [figures, tally, memberships] = await Promise.all([
    appointmentFigures({ db: ctx.db, rules, team }, period, query.memberId),
    takingsOf(ctx.db, period),
    membershipFigures(ctx.db, undefined, start, end),
  ]);
  const { appointmentsByDay, ...rest } = figures;
  const summary = {
    ...period,
    ...rest,
    takings: takingsOfTally(tally, names),
    memberships,
    byDay: datesOf(period).map((date) => ({
      date,
      appointments: appointmentsByDay.get(date) ?? 0,
      net: toPounds(dayNet(tally, date)),
    })),
  };
  return { summary, tally };
}

/**
 * Each barber's pay for the period: commission on what their lines took (less refunds of them) plus tips; a
 * chair renter's takings and tips less the rent of each week or month starting in the period; tips alone for
 * a barber paid otherwise. Pence throughout, pounds in the answer.
 */
export async function payReport(db: Db, period: Period): Promise<PayLine[]> {
  const [team, tally] = await Promise.all([listTeam(db), takingsOf(db, period)]);
  return team
    .filter((member) => member.active || tally.members.has(member.id))
    .map((member) => {
      const { services, products, tips } = tally.members.get(member.id) ?? { services: 0, products: 0, tips: 0 };
      const { pay } = member;
      const commission =
        pay.kind === "commission"
          ? commissionPence(
              services,
              products,
              Math.round(pay.servicePercent * 100),
              Math.round(pay.productPercent * 100),
            )
          : 0;
      const rentDue =
        pay.kind === "chairRent" ? Math.round(pay.amount * 100) * rentPeriodsStarting(period, pay.period) : 0;
      const owed =
        pay.kind === "commission"
          ? commission + tips
          : pay.kind === "chairRent"
            ? services + products + tips - rentDue
            : tips;
      return {
        memberId: member.id,
        name: member.name,
        pay,
        services: toPounds(services),
        products: toPounds(products),
        tips: toPounds(tips),
        commission: toPounds(commission),
        rentDue: toPounds(rentDue),
        owed: toPounds(owed),
      };
    });
}
