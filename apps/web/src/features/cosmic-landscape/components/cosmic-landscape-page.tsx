import { Page } from '../../../components/ui/page.tsx';

export default function CosmicLandscapePage() {
  return <Page title="Cosmic landscape" />;
}
