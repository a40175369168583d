import { Page } from '../../../components/ui/page.tsx';

export default function UpdatesPage() {
  return <Page title="Updates" />;
}
