import { LegalDocumentView } from '../components/legal-document-view.tsx';
import { PRIVACY_POLICY } from '../content/privacy-policy.ts';

export default function PrivacyPolicyPage() {
  return <LegalDocumentView document={PRIVACY_POLICY} />;
}
