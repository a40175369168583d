import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card className="flex flex-col gap-5">
        <div>
          <h2 id={id} className="text-xl font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {children}
      </Card>
    </section>
  );
}
