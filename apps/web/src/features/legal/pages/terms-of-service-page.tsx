import { LegalDocumentView } from '../components/legal-document-view.tsx';
import { TERMS_OF_SERVICE } from '../content/terms-of-service.ts';

export default function TermsOfServicePage() {
  return <LegalDocumentView document={TERMS_OF_SERVICE} />;
}
