// npm run admin:reset-password -- [username] [new-password]
// Sets a new password for the admin of the site's existing database (creating the account if needed)
// and signs out its sessions. It also turns two-factor sign-in off (the usual reason for a reset is a lost
// phone) and says so. Without a password argument a strong one is generated and printed once.
import { generatePassword, resetPassword } from "~/features/auth/auth.server";
import { databaseLocation, openExistingAppDatabase } from "../server/boot";
import { runScript } from "./lib/run-script";

await runScript(async (config) => {
  const [username = config.admin.username, password = generatePassword()] = process.argv.slice(2);
  if (password.length < 8) throw new Error("The password must be at least 8 characters.");
  const db = await openExistingAppDatabase(config);
  let reset;
  try {
    reset = await resetPassword(db, username, password);
  } finally {
    await db.destroy();
  }
  console.log(`Password for "${username}" reset in ${databaseLocation(config)}. All of its sessions were signed out.`);
  if (reset.twoFactorTurnedOff) {
    console.log(
      `Two-factor sign-in was on for "${username}" and is now off, with its recovery codes: sign in with the new password and turn it on again under Admin > Accounts.`,
    );
  }
  if (!process.argv[3]) console.log(`New password (shown only once): ${password}`);
});
