import { Link } from "react-router";

/** The line under a form that asks for personal data: what it is used for, and where the privacy page is. */
export function PrivacyNote({ purpose }: { purpose: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      We use your details only {purpose}. See{" "}
      <Link to="/privacy" className="font-semibold text-foreground underline underline-offset-4">
        how we look after your data
      </Link>
      .
    </p>
  );
}
