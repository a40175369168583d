import { Page } from '../../../components/ui/page.tsx';

export default function PartnerApplyPage() {
  return <Page title="Apply to become a partner" />;
}
