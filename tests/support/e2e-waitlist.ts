import { expect, type APIRequestContext } from "@playwright/test";
import type { Service } from "~/features/services/services.schema";
import type { TeamMember } from "~/features/team/team.schema";
import { createBarber } from "./e2e-booking";
import { unique } from "./e2e-fixtures";
import { waitForMail } from "./e2e-mail";

/* A day with one time that a booking fills, and the offer mailed when it frees up: the waitlist's specs. */

export const addressOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`;

/** A barber with one 30-minute time a weekday (10:00), so one booking fills the day. */
export const barberWithOneTime = (owner: APIRequestContext, service: Service) => createBarber(owner, service, "10:30");

/** The day's one time booked by someone else; answers their manage token. */
export async function fullDay(owner: APIRequestContext, service: Service, barber: TeamMember, date: string) {
  const response = await owner.post("/api/bookings", {
    data: {
      customerName: "Bob Before",
      customerEmail: addressOf(unique("bob")),
      customerPhone: "07700 900123",
      notes: "",
      services: [String(service.id)],
      date,
      startTime: "10:00",
      memberId: barber.id,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { manageToken: string }).manageToken;
}

/** The path of the offer page the waitlist's mail links to. */
export async function offerPathFromTheMail(email: string) {
  const mail = await waitForMail(email, /A time has freed up/);
  return new URL(/https?:\/\/\S+\/waitlist\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]).pathname;
}
