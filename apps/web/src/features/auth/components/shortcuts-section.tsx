import { ArrowRight, CreditCard, Orbit } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { SettingsSection } from './settings-section.tsx';

/** Settings that live on their own pages: the plan and the birth data. */
export function ShortcutsSection() {
  return (
    <SettingsSection
      title="Plan and birth data"
      description="Your subscription and your birth data have their own pages."
    >
      <div className="flex flex-wrap gap-3">
        <Link to="/subscription" className={buttonClasses('secondary')}>
          <CreditCard aria-hidden="true" className="size-4" /> Manage subscription
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link to="/birth-form" className={buttonClasses('secondary')}>
          <Orbit aria-hidden="true" className="size-4" /> Edit birth data
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </SettingsSection>
  );
}
