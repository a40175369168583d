import { Page } from '../../../components/ui/page.tsx';

export default function PartnersPage() {
  return <Page title="Partners" />;
}
