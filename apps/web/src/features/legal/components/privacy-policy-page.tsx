import { Page } from '../../../components/ui/page.tsx';

export default function PrivacyPolicyPage() {
  return <Page title="Privacy policy" />;
}
