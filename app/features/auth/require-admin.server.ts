import { redirect, type AppLoadContext } from "react-router";

/** For admin page loaders: anyone but a signed-in admin is sent to /admin (the login form). */
export function requireAdminPage(context: AppLoadContext) {
  if (!context.user?.isAdmin) throw redirect("/admin");
  return context.user;
}
