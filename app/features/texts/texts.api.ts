import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter } from "~/lib/api.server";
import { HttpError } from "~/lib/http-error";
import { limitedFormBody } from "~/lib/request-body.server";
import { receiveInboundText, twilioSignatureValid } from "./texts.server";

/* /api/texts/inbound: Twilio's webhook for texts the customers send back (STOP). */

export function textsApi(ctx: AppContext) {
  const router = apiRouter();
  const inbound = apiDoc({
    summary: "Twilio's incoming-message webhook (signed with the auth token): STOP opts the phone out of texts",
    tag: "texts",
    responses: {
      200: ["An empty TwiML answer", z.string(), "text/xml"],
      403: ["Not signed by Twilio, or texts are not set up", apiErrorSchema],
    },
  });
  router.post("/inbound", inbound, limitedFormBody(32 * 1024), async (req, res) => {
    const twilio = ctx.config.twilio;
    const params = Object.fromEntries(
      Object.entries((req.body ?? {}) as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    );
    const signature = req.get("x-twilio-signature") ?? "";
    const url = `${ctx.config.publicUrl}/api/texts/inbound`;
    if (!twilio || !twilioSignatureValid(twilio.authToken, url, params, signature)) {
      throw new HttpError(403, "This request is not signed by Twilio.");
    }
    await receiveInboundText(ctx.db, params.From ?? "", params.Body ?? "");
    res.type("text/xml").send("<Response/>");
  });
  return router;
}
