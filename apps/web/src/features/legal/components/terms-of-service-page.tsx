import { Page } from '../../../components/ui/page.tsx';

export default function TermsOfServicePage() {
  return <Page title="Terms of service" />;
}
