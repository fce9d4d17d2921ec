// npm run admin:reset-password -- [username] [new-password]
// Sets a new password for the admin (creating the account if needed) and signs out its sessions.
// Without a password argument a strong one is generated and printed once.
import { generatePassword, resetPassword } from "~/features/auth/auth.server";
import { openAppDatabase } from "../server/boot";
import { readConfig } from "../server/config";

const config = readConfig();
const [username = config.admin.username, password = generatePassword()] = process.argv.slice(2);
if (password.length < 8) {
  console.error("The password must be at least 8 characters.");
  process.exit(1);
}
const db = await openAppDatabase(config);
await resetPassword(db, username, password);
await db.destroy();
console.log(`Password for "${username}" reset. All of its sessions were signed out.`);
if (!process.argv[3]) console.log(`New password (shown only once): ${password}`);
