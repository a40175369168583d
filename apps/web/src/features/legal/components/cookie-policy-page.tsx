import { Page } from '../../../components/ui/page.tsx';

export default function CookiePolicyPage() {
  return <Page title="Cookie policy" />;
}
