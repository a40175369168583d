import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './button.tsx';
import { Card } from './card.tsx';

/**
 * A page whose feature the person's plan does not include: what the plan lacks (the server's
 * sentence) and the way to a plan that has it, instead of an error or an empty page.
 */
export function UpgradeCard({ title, message }: { title: string; message: string }) {
  return (
    <Card className="flex flex-col items-start gap-4">
      <Sparkles aria-hidden="true" className="size-6 text-accent" />
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-muted">{message}</p>
      <Link to="/subscription" className={buttonClasses('primary', 'md')}>
        See plans
      </Link>
    </Card>
  );
}
