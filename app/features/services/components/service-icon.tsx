import { Award, Droplets, Scissors, Sparkles, type LucideProps } from "lucide-react";
import type { ServiceIcon as ServiceIconName } from "../services.schema";

const ICONS: Record<ServiceIconName, React.ComponentType<LucideProps>> = { Scissors, Sparkles, Award, Droplets };

/** The lucide icon a service names; an unknown name falls back to Sparkles. */
export function ServiceIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = ICONS[name as ServiceIconName] ?? Sparkles;
  return <Icon aria-hidden {...props} />;
}
