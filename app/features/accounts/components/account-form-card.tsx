import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The frame of each form on /admin/accounts: a heading that names the form, a line of help, the form. */
export function AccountFormCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <h2 id={id} className="text-xl font-semibold leading-tight">
          {title}
        </h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
