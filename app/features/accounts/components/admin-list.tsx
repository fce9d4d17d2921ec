import { ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RefusedNotice } from "~/components/ui/page-notice";
import { api } from "~/lib/api-client";
import type { RefusedForm } from "~/lib/posted-form";
import { formatShopInstant } from "~/lib/shop-time";
import { useAdminAction } from "~/lib/use-admin-action";
import type { AdminAccount } from "../accounts.schema";
import { ReauthenticationFields } from "./reauthentication-fields";

interface AdminListProps {
  admins: AdminAccount[];
  currentId: number;
  /** Whether two-factor sign-in is on for the signed-in admin, who confirms a removal with it. */
  twoFactorEnabled: boolean;
  /** The page action's refusal of a removal sent without JavaScript. */
  posted?: RefusedForm | undefined;
}

/**
 * The admins, each removable by another admin who gives their password (and code) again; the server
 * keeps the last one and refuses yourself. Hydrated, Remove asks for them in a dialog; without JavaScript
 * each admin has a small form of its own with those fields.
 */
export function AdminList({ admins, currentId, twoFactorEnabled, posted }: AdminListProps) {
  const { run, pending } = useAdminAction();
  const [currentPassword, setCurrentPassword] = useState("");
  const [code, setCode] = useState("");
  const remove = async (account: AdminAccount) => {
    await run(() => api("DELETE", `/api/accounts/${account.id}`, { currentPassword, code }), {
      success: { title: "Admin removed", description: `${account.username} can no longer sign in.` },
    });
    setCurrentPassword("");
    setCode("");
  };

  return (
    <Card>
      <CardHeader>
        <h2 id="admins-heading" className="text-xl font-semibold leading-tight">
          Admins ({admins.length})
        </h2>
      </CardHeader>
      <CardContent>
        {posted && <RefusedNotice>{posted.message}</RefusedNotice>}
        <ul aria-labelledby="admins-heading" className="grid gap-2">
          {admins.map((account) => (
            <li
              key={account.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span className="break-all">{account.username}</span>
                  {account.id === currentId && <Badge variant="outline">You</Badge>}
                  {account.twoFactorEnabled && (
                    <Badge variant="success">
                      <ShieldCheck aria-hidden className="mr-1 size-3" />
                      Two-factor on
                    </Badge>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">Added {formatShopInstant(account.createdAt)}</p>
              </div>
              {account.id !== currentId && (
                <ConfirmDialog
                  title={`Remove ${account.username}?`}
                  description="They are signed out at once and can no longer sign in."
                  confirmLabel="Remove"
                  onConfirm={() => void remove(account)}
                  fields={
                    <ReauthenticationFields
                      twoFactorEnabled={twoFactorEnabled}
                      password={{ value: currentPassword, onChange: (event) => setCurrentPassword(event.target.value) }}
                      code={{ value: code, onChange: (event) => setCode(event.target.value) }}
                    />
                  }
                  trigger={
                    <Button variant="outline" size="sm" disabled={pending} aria-label={`Remove ${account.username}`}>
                      <Trash2 aria-hidden />
                      Remove
                    </Button>
                  }
                />
              )}
              {account.id !== currentId && (
                <noscript>
                  <form
                    method="post"
                    aria-label={`Remove ${account.username}`}
                    className="grid w-full gap-3 border-t border-border pt-3"
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={account.id} />
                    <ReauthenticationFields
                      twoFactorEnabled={twoFactorEnabled}
                      password={{ name: "currentPassword" }}
                      code={{ name: "code" }}
                    />
                    <Button type="submit" variant="outline" size="sm" className="justify-self-start">
                      <Trash2 aria-hidden />
                      Remove {account.username}
                    </Button>
                  </form>
                </noscript>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
