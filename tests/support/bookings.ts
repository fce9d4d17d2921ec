import type { Db } from "~/db/client.server";
import { bookingRequestSchema, slotCreateSchema } from "~/features/booking/booking.schema";
import { bookSlot } from "~/features/booking/write/create.server";
import { createSlots } from "~/features/booking/slots.server";
import { serviceFormSchema } from "~/features/services/services.schema";
import { createService } from "~/features/services/services.server";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { shopInstant } from "~/lib/shop-time";
import { shopReads } from "../../server/request-context";
import type { StripeDouble } from "./stripe-double";
import type { TestClient } from "./test-app";

/*
 * Bookings made through the real booking rules at a chosen moment: an appointment "made last
 * month" for yesterday is exactly what a customer would have left behind.
 */

export async function addService(db: Db, title = "Skin Fade", price = 18.5) {
  const service = await createService(
    db,
    serviceFormSchema.parse({
      title,
      price,
      description: "Done properly.",
      category: "hair",
      icon: "Scissors",
      duration: 30,
      order: 0,
    }),
  );
  return service.id;
}

/** The customer of a test's booking form: the details as typed, with no notes. */
export const TEST_CUSTOMER = {
  customerName: "Sam Taylor",
  customerEmail: "sam@example.com",
  customerPhone: "07911 123456",
  notes: "",
};

export interface Appointment {
  date: string;
  startTime?: string;
  endTime?: string;
  name?: string;
  email: string;
  phone?: string;
  notes?: string;
  serviceIds: number[];
  /** When the booking is made; by default a week before the appointment. */
  bookedAt?: Date;
}

export async function bookAppointment(db: Db, appointment: Appointment) {
  const startTime = appointment.startTime ?? "10:00";
  const endTime = appointment.endTime ?? "10:30";
  const bookedAt =
    appointment.bookedAt ?? new Date(shopInstant(appointment.date, startTime).getTime() - 7 * 24 * 3_600_000);
  const [slot] = await createSlots(
    shopReads(db),
    slotCreateSchema.parse({ dates: [appointment.date], startTime, endTime }),
    bookedAt,
  );
  const request = bookingRequestSchema.parse({
    services: appointment.serviceIds.map(String),
    customerName: appointment.name ?? "Sam Taylor",
    customerEmail: appointment.email,
    customerPhone: appointment.phone ?? "07911 123456",
    notes: appointment.notes ?? "",
  });
  const { booking, manageToken } = await bookSlot(shopReads(db), slot!.id, request, bookedAt);
  return { ...booking, manageToken };
}

/** Through the admin API: a £20, 30-minute "Scissor Cut" and Bea, who does it in the shop's opening hours. */
export async function serviceWithBarber(admin: TestClient) {
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  const serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  const member = await admin.post("/api/team", {
    name: "Bea",
    bio: "",
    image: null,
    serviceIds: [serviceId],
    weeklyHours: DEFAULT_SETTINGS.openingHours,
    timeOff: [],
  });
  return { serviceId, memberId: member.body.id as number };
}

/**
 * Pays a booking's Checkout session at the double (its webhook delivered), runs the jobs that settle it, and
 * answers the booking's id.
 */
export async function payForBooking(
  double: StripeDouble,
  api: { db: Db; runJobs: () => Promise<unknown> },
  reference: string,
) {
  await double.pay(double.sessionOf(reference)!.id);
  await api.runJobs();
  const { id } = await api.db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  return id;
}
