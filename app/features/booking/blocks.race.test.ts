import { afterAll, beforeAll, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { createService } from "~/features/services/services.server";
import { serviceFormSchema } from "~/features/services/services.schema";
import { createTeamMember } from "~/features/team/team.server";
import { teamMemberSchema } from "~/features/team/team.schema";
import { addDays, shopToday } from "~/lib/shop-time";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-app";
import { createBlock } from "./blocks.server";
import { appointmentRequestSchema } from "./booking.schema";
import { bookAppointment } from "./write/create.server";
import { shopReads } from "../../../server/request-context";

/*
 * A block and a customer's booking of the same time, at the same moment, from two connections (two app
 * instances): one of them gets the time, never both. PostgreSQL only: better-sqlite3 is synchronous, so two
 * connections in one process wait on each other's write lock with the thread blocked (SQLite runs one write
 * transaction at a time anyway, which `holdMembers` takes before it reads).
 */

let database: TestDatabase;
let serviceId: number;
let memberId: number;

const date = (() => {
  let day = addDays(shopToday(), 4);
  while (dayOfWeek(day) !== 3) day = addDays(day, 1);
  return day;
})();

beforeAll(async () => {
  database = await createTestDatabase({ onDisk: true });
  if (!process.env.TEST_DATABASE_URL) return;
  const service = await createService(
    database.db,
    serviceFormSchema.parse({
      title: "Cut",
      price: 20,
      duration: 30,
      description: "Cut.",
      icon: "Scissors",
      category: "hair",
    }),
  );
  serviceId = service.id;
  const weeklyHours = [3].map((day) => ({ day, ranges: [{ start: "10:00", end: "16:00" }] }));
  const member = await createTeamMember(
    shopReads(database.db),
    teamMemberSchema.parse({
      name: "Alex",
      bio: "",
      image: null,
      serviceIds: [String(serviceId)],
      weeklyHours,
      timeOff: [],
    }),
  );
  memberId = member.id;
});
afterAll(async () => {
  await database.close();
});

it.runIf(process.env.TEST_DATABASE_URL)(
  "a block and a booking racing for one barber's time: exactly one wins, every time",
  async () => {
    const other = database.open();
    try {
      for (let round = 0; round < 8; round++) {
        const start = `${String(10 + (round % 6)).padStart(2, "0")}:${round < 6 ? "00" : "30"}`;
        const end = `${start.slice(0, 3)}${round < 6 ? "30" : "59"}`;
        const results = await Promise.allSettled([
          createBlock(database.db, memberId, { date, start, end, note: "Break" }),
          bookAppointment(
            shopReads(other),
            appointmentRequestSchema.parse({
              customerName: "Sam Taylor",
              customerEmail: `race${round}@example.com`,
              customerPhone: "07911123456",
              services: [String(serviceId)],
              date,
              startTime: start,
              memberId,
            }),
          ),
        ]);
        expect(
          results.filter((result) => result.status === "fulfilled"),
          JSON.stringify(results),
        ).toHaveLength(1);
        for (const result of results)
          if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
      }
    } finally {
      await other.destroy();
    }
  },
);
