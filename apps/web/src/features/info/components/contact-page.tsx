import { Page } from '../../../components/ui/page.tsx';

export default function ContactPage() {
  return <Page title="Contact" />;
}
