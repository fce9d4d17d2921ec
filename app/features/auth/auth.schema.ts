import { z } from "zod";

export const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** The user as the browser sees it (GET /api/user, the answer of POST /api/login). */
export interface PublicUser {
  id: number;
  username: string;
  isAdmin: boolean;
}
