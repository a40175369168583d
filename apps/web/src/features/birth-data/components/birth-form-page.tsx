import { Page } from '../../../components/ui/page.tsx';

export default function BirthFormPage() {
  return <Page title="Your birth data" />;
}
