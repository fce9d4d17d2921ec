import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, currentUser, mountAdminWrites, parseId } from "~/lib/api.server";
import { strandedBookingSchema } from "~/features/settings";
import { publicTeamMemberSchema, teamMemberRecordSchema, teamMemberSchema } from "./team.schema";
import {
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  listPublicTeam,
  toPublic,
  updateTeamMember,
} from "./team.server";
import { settleScheduleChange } from "~/features/booking/index.server";

/** /api/team: the active members for everyone; hours, time off and inactive members for the admin. */
export function teamApi({ db }: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "The shop's active barbers, with the services each performs",
    responses: { 200: ["The team", z.array(publicTeamMemberSchema)] },
  });
  router.get("/", listed, async (_req, res) => {
    res.json(await listPublicTeam(db));
  });

  const one = apiDoc({
    summary: "One barber; an admin also gets the weekly hours, time off and inactive members",
    adminWhen: "for weeklyHours, timeOff and inactive members",
    responses: { 200: ["The member", z.union([teamMemberRecordSchema, publicTeamMemberSchema])] },
  });
  router.get("/:id", one, async (req, res) => {
    const member = await getTeamMember(db, parseId(req.params.id, "Team member"));
    if (currentUser(res)?.isAdmin) res.json(member);
    else if (member.active) res.json(toPublic(member));
    else res.status(404).json({ message: "Team member not found" });
  });

  mountAdminWrites(router, db, {
    what: "Team member",
    schema: teamMemberSchema,
    item: teamMemberRecordSchema,
    create: (_db, input, request) => createTeamMember(request, input, settleScheduleChange(input.timeOffBookings)),
    update: (_db, id, input, request) =>
      updateTeamMember(request, id, input, settleScheduleChange(input.timeOffBookings)),
    updateConflict: [
      'New time off covers confirmed bookings with the member and `timeOffBookings` was not given ("keep" leaves them, "cancel" cancels them and mails the customers); or a clash with an existing record',
      z.object({ message: z.string(), bookings: z.array(strandedBookingSchema).optional() }),
    ],
    remove: (db, id) => deleteTeamMember(db, id),
  });
  return router;
}
