import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { sessionsQuery } from '../api/auth-queries.ts';
import { useAuth } from '../stores/auth-store.ts';
import { AppearanceSection } from './appearance-section.tsx';
import { DataSection } from './data-section.tsx';
import { MemorySection } from './memory-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { ShortcutsSection } from './shortcuts-section.tsx';

export default function SettingsPage() {
  const logout = useAuth((state) => state.logout);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);

  const signOut = async () => {
    setLoggingOut(true);
    await logout();
    navigate('/');
  };

  const onDeleted = async () => {
    await logout({ server: false });
    toast.success('Your account has been deleted', 'We are sorry to see you go.');
    navigate('/');
  };

  return (
    <Page title="Settings" width="wide" lead="Your account, your devices and your data.">
      <div className="flex flex-col gap-6">
        <ProfileSection />
        <ShortcutsSection />
        <PasswordSection
          onChanged={() => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey })}
        />
        <AppearanceSection />
        <NotificationsSection />
        <SessionsSection />
        <MemorySection />
        <DataSection onDeleted={onDeleted} />
        <Button
          variant="secondary"
          size="lg"
          className="self-start"
          onClick={signOut}
          loading={loggingOut}
          icon={<LogOut aria-hidden="true" className="size-4" />}
        >
          Log out
        </Button>
      </div>
    </Page>
  );
}
