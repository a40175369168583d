import { Page } from '../../../components/ui/page.tsx';

export default function AdminPage() {
  return <Page title="Admin dashboard" />;
}
