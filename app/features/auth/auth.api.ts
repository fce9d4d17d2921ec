import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { HttpError } from "~/lib/http-error";
import { apiRouter, clientKey, currentUser, parseInput, sessionToken } from "~/lib/api.server";
import { loginSchema, publicUserSchema, twoFactorChallengeSchema, verifyLoginSchema } from "./auth.schema";
import { signIn, signOut, verifySignIn } from "./sign-in.server";

export function authApi(ctx: AppContext) {
  const router = apiRouter();
  const signedInAnswer = z.object({ user: publicUserSchema });

  const whoIsSignedIn = apiDoc({
    tag: "auth",
    summary: "Who is signed in",
    responses: { 200: ["The signed-in user", publicUserSchema], 401: ["Not signed in", apiErrorSchema] },
  });
  router.get("/user", whoIsSignedIn, (_req, res) => {
    const user = currentUser(res);
    if (!user) throw new HttpError(401, "Not authenticated");
    res.json(user);
  });

  const signInDoc = apiDoc({
    tag: "auth",
    summary: "Sign in: sets the session cookie, or asks for a two-factor code first",
    body: loginSchema,
    responses: {
      200: [
        "Signed in (the answer sets the `session` cookie), or, with two-factor on, the pending sign-in to verify",
        z.union([signedInAnswer, twoFactorChallengeSchema]),
      ],
      401: ["Wrong username or password", apiErrorSchema],
      429: ["Too many failed attempts from this address; try again later", apiErrorSchema],
    },
  });
  router.post("/login", signInDoc, async (req, res) => {
    const result = await signIn(ctx, parseInput(loginSchema, req.body), clientKey(req), req.headers.cookie);
    if ("twoFactorRequired" in result) {
      res.json(result);
      return;
    }
    res.append("Set-Cookie", result.cookies);
    res.json({ user: result.user });
  });

  const verifyDoc = apiDoc({
    tag: "auth",
    summary: "Second sign-in step: a code from the authenticator app or a recovery code; sets the session cookie",
    body: verifyLoginSchema,
    responses: {
      200: ["Signed in; the answer sets the `session` cookie", signedInAnswer],
      401: ["Invalid code, or the pending sign-in has expired", apiErrorSchema],
      429: ["Too many failed attempts; try again later", apiErrorSchema],
    },
  });
  router.post("/login/verify", verifyDoc, async (req, res) => {
    const result = await verifySignIn(ctx, parseInput(verifyLoginSchema, req.body), clientKey(req), req.headers.cookie);
    res.append("Set-Cookie", result.cookies);
    res.json({ user: result.user });
  });

  const signOutDoc = apiDoc({
    tag: "auth",
    summary: "Sign out: ends the session",
    responses: { 204: ["Signed out (also when no one was signed in)"] },
  });
  router.post("/logout", signOutDoc, async (req, res) => {
    res.append("Set-Cookie", await signOut(ctx, sessionToken(req)));
    res.status(204).end();
  });

  return router;
}
